import { describe, expect, it } from 'vitest';
import { moreCharactersThan, toStoredValue } from '../src/crud/values.ts';
import type { RegisteredColumn } from '../src/schema/types.ts';

/** The save's conversion of a value (crud/values.ts): the fast paths an import's 100,000 rows take answer as the general ones. */
describe('toStoredValue', () => {
  const date = { name: 'd', type: 'datetime' } as RegisteredColumn;
  const probe = (column: RegisteredColumn, raw: string) => {
    try {
      return toStoredValue(column, raw);
    } catch (err) {
      return `refused: ${(err as { key?: string }).key}`;
    }
  };

  it('checks a YYYY-MM-DD HH:mm:ss text by its digits exactly as the general parse does (leap years, month ends, hours)', () => {
    let refused = 0;
    for (const y of ['0000', '0004', '0099', '0100', '1900', '2000', '2023', '2024', '2100', '9999'])
      for (const mo of ['00', '01', '02', '04', '12', '13'])
        for (const d of ['00', '01', '28', '29', '30', '31', '32'])
          for (const t of ['00:00:00', '23:59:59', '24:00:00', '12:60:00', '12:00:60']) {
            const text = `${y}-${mo}-${d} ${t}`;
            // a trailing space takes the general path (it trims), which answers the same text
            const general = probe(date, `${text} `);
            expect([text, probe(date, text)]).toEqual([text, general]);
            if (general !== text) refused++;
          }
    expect(refused).toBeGreaterThan(1000);
    expect(probe(date, '2024-02-29 00:00:00')).toBe('2024-02-29 00:00:00');
    expect(probe(date, '2026-02-29 00:00:00')).toBe('refused: badValue');
    expect(probe(date, '2026-9-1')).toBe('refused: badValue');
    expect(probe(date, '2026-09-01')).toBe('2026-09-01 00:00:00');
  });

  it('counts a text’s length in characters, not UTF-16 units', () => {
    const name = { name: 'n', type: 'nvarchar', length: 4 } as RegisteredColumn;
    expect(probe(name, '😀😀😀😀')).toBe('😀😀😀😀');
    expect(probe(name, '😀😀😀😀😀')).toBe('refused: tooLong');
    expect(probe(name, '信号传输')).toBe('信号传输');
    expect(probe(name, '信号传输线')).toBe('refused: tooLong');
  });

  it('takes only the listed values of an enumerated column, each time', () => {
    const kind = { name: 'k', type: 'int', enum: [{ value: 1 }, { value: 2 }] } as RegisteredColumn;
    expect(probe(kind, '2')).toBe(2);
    expect(probe(kind, '3')).toBe('refused: notInEnum');
    expect(probe(kind, '1')).toBe(1);
  });
});

describe('moreCharactersThan', () => {
  it('counts characters (code points) as [...text] does, lone surrogates as one each', () => {
    const samples = ['', 'abc', '😀😀', 'a😀b', '\ud800', '\udc00x', '\ud800\ud800', '𠀀中文😀', 'x'.repeat(10), '😀'.repeat(5) + 'ab'];
    for (const text of samples)
      for (let limit = 0; limit <= 12; limit++) expect(moreCharactersThan(text, limit), `${JSON.stringify(text)} ${limit}`).toBe([...text].length > limit);
  });

  it('answers for a value of 30,000,000 characters without an array of them', () => {
    const huge = 'x'.repeat(30_000_000);
    expect(moreCharactersThan(huge, 1_000_000)).toBe(true);
    expect(moreCharactersThan(huge, 30_000_000)).toBe(false);
    expect(moreCharactersThan(huge, 29_999_999)).toBe(true);
  });
});
