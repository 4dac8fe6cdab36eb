import { selectQuerySchema } from '@qb/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The list query's plain path (packages/contracts/src/api/crud.ts, docs/performance.md): a usual query is read without
// zod's walk, and every query, usual or not, comes out exactly as the schema itself makes it (same success, same
// values, same key order), so that nothing accepted, refused or passed on to the service changes.
const bySchema = (q: unknown) => z.safeParse(selectQuerySchema, q);

const base = { _flag: 'questionBank', page: '50', row: '20', wheres: '{"isdelete":0,"parentId":7}', sort: 'id', sortType: 'desc' };
const pageValues = [
  '1',
  '9',
  '10',
  '050',
  '0',
  '-1',
  '1.0',
  '1e3',
  ' 5',
  '5 ',
  '0x10',
  '',
  'abc',
  '999999',
  '1000000',
  '1000001',
  '100000',
  '100001',
  '12345678',
];
const queries: unknown[] = [
  base,
  { _flag: 'sys_user' },
  { _flag: '' },
  {},
  { page: '1' },
  { ...base, _hasChildren: 'parentId' },
  { ...base, _hasChildren: '' },
  { ...base, extra: '1' },
  { ...base, _flag: ['a', 'b'] },
  { ...base, sort: ['id', 'name'] },
  { ...base, wheres: '' },
  { ...base, page: ['1', '2'] },
  { ...base, _flag: undefined },
  null,
  'text',
  [base],
  Object.assign(Object.create(null) as object, base),
  ...pageValues.flatMap((v) => [
    { ...base, page: v },
    { ...base, row: v },
  ]),
];

describe('the list query schema', () => {
  it('reads a usual list query without zod', () => {
    // the plain path is the schema's own safeParse (an instance property over zod's prototype method)
    expect(Object.hasOwn(selectQuerySchema, 'safeParse')).toBe(true);
    expect(selectQuerySchema.safeParse(base)).toEqual({ success: true, data: { ...base, page: 50, row: 20 } });
  });

  it('comes out as the schema makes it, for every kind of query', () => {
    for (const q of queries) {
      const mine = selectQuerySchema.safeParse(q);
      const theirs = bySchema(q);
      expect(mine.success, JSON.stringify(q)).toBe(theirs.success);
      if (mine.success && theirs.success) {
        expect(mine.data, JSON.stringify(q)).toStrictEqual(theirs.data);
        expect(Object.keys(mine.data), JSON.stringify(q)).toEqual(Object.keys(theirs.data));
      } else if (!mine.success && !theirs.success) expect(mine.error.issues).toEqual(theirs.error.issues);
    }
  });
});
