import { describe, expect, it } from 'vitest';
import { ID_OUT_OF_RANGE, ID_REFUSED, INT32_MAX, rowId, rowKeyParam } from '../src/api/index.ts';

/** The one bound of every id parameter (api/common.ts): 1 to 2^31−1, from a number or its text. */
describe('rowId', () => {
  const id = rowId('a row');
  const refusal = (value: unknown) => {
    const parsed = id.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues.map((i) => i.message);
  };

  it('takes 1 to 2147483647, as numbers and as the texts of a query string', () => {
    expect(INT32_MAX).toBe(2 ** 31 - 1);
    for (const [value, read] of [
      [1, 1],
      ['1', 1],
      [42, 42],
      [' 7 ', 7],
      [INT32_MAX, INT32_MAX],
      [String(INT32_MAX), INT32_MAX],
    ] as const) {
      expect(id.parse(value), String(value)).toBe(read);
    }
  });

  it('refuses what is not a positive integer with one reason, and an id past the int type with another', () => {
    for (const value of [0, -1, '', '0', '-5', 1.5, '2.5', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(value), String(value)).toEqual([ID_REFUSED]);
    }
    for (const value of [INT32_MAX + 1, String(INT32_MAX + 1), 2 ** 40]) expect(refusal(value), String(value)).toEqual([ID_OUT_OF_RANGE]);
    // past the integers a double holds exactly, both reasons apply
    for (const value of [2 ** 53, '99999999999999999999']) expect(refusal(value), String(value)).toContain(ID_OUT_OF_RANGE);
  });

  it('documents its example, and the example is an id it takes', () => {
    const example = rowId('a data source', 10000).meta()?.examples;
    expect(example).toEqual([10000]);
  });
});

describe('rowKeyParam', () => {
  it('is an int id in the same bounds, or a text of 1 to 200 characters', () => {
    for (const value of [1, INT32_MAX, 'A-01', 'x'.repeat(200), '9223372036854775807']) expect(rowKeyParam.safeParse(value).success, String(value)).toBe(true);
    for (const value of [0, -3, 1.5, INT32_MAX + 1, '', 'x'.repeat(201), null, true, [1]]) {
      expect(rowKeyParam.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
