import { ID_OUT_OF_RANGE, INT32_MAX } from '@qb/contracts/schemas';
import { badRequest } from '../http/errors.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { integerKeyLimit } from '../schema/nativeTypes.ts';

/**
 * The ids of a delete call (`1`, `"1,2"`, `[1, 2]`): positive integers, at most 1000, each once. A local table's
 * integer key is a 32-bit int: an id past it is refused here, the same on every engine (PostgreSQL would refuse it
 * at the query, SQLite look it up).
 */
export function parseIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const ids = list.map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v));
  if (ids.length === 0 || ids.length > 1000 || !ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) {
    throw badRequest('badParam', { name: 'id', reason: 'a positive integer or a list of them' });
  }
  if (ids.some((v) => (v as number) > INT32_MAX)) throw badRequest('badParam', { name: 'id', reason: ID_OUT_OF_RANGE });
  return [...new Set(ids as number[])];
}

/**
 * The ids of a read-back table's integer key: as parseIds, and a key beyond 2^53 kept as its digits (a bigint key is
 * not rounded); none beyond what the key's engine type holds (`abc`, '', 1.5 or 20 digits were the engine's 500).
 */
function parseEngineIds(raw: unknown, native: string): (number | string)[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const limit = integerKeyLimit(native);
  const ids = list.map((v) => {
    if (typeof v !== 'string' || !/^\s*\d{1,20}\s*$/.test(v)) return v;
    const digits = v.trim().replace(/^0+(?=\d)/, '');
    return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
  });
  const fits = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0) || (typeof v === 'string' && /^\d+$/.test(v));
  if (ids.length === 0 || ids.length > 1000 || !ids.every((v) => fits(v) && BigInt(v as number | string) <= limit)) {
    throw badRequest('badParam', { name: 'id', reason: 'a positive integer or a list of them' });
  }
  return [...new Set(ids as (number | string)[])];
}

/** Whether a primary key holds integers (else text: an operator's table may key its rows by a code). */
export function hasNumericKey(table: RegisteredTable): boolean {
  return table.columns.get(table.primaryKey)?.type === 'int';
}

/**
 * Keys of rows of a table, as a call names them in `id`: integers for an integer key, else non-empty
 * texts of at most 200 characters (a list as `[...]`; a comma-joined text only for integer keys).
 */
export function parseKeys(table: RegisteredTable, raw: unknown): (number | string)[] {
  const native = table.columns.get(table.primaryKey)?.native;
  if (hasNumericKey(table)) return native ? parseEngineIds(raw, native) : parseIds(raw);
  const list = Array.isArray(raw) ? raw : [raw];
  const keys = list.map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v));
  if (keys.length === 0 || keys.length > 1000 || !keys.every((v) => typeof v === 'string' && v !== '' && v.length <= 200)) {
    throw badRequest('badParam', { name: 'id', reason: 'a key or a list of keys' });
  }
  return [...new Set(keys as string[])];
}

/** The generic API's convention (SPEC.md §4): a save without `id` inserts, with `id` it edits that row. */
export function isNewRow(params: Record<string, unknown>): boolean {
  const id = params.id;
  return id === undefined || id === null || id === '' || id === 0;
}
