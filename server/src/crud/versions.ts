import { ROW_VERSION_FIELD } from '@qb/contracts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { RegisteredTable } from '../schema/types.ts';

export { ROW_VERSION_FIELD };

/**
 * The columns a row's version covers: what a client can write. Columns the server keeps (createTime, a member's
 * balance moved by the bill flows, a sheet's created flag) are left out, so that a move of theirs makes no open edit
 * dialog stale: a save never writes them back anyway (docs/decisions.md, "No silent lost update").
 */
const coveredColumns = new WeakMap<RegisteredTable, string[]>();

function coveredBy(table: RegisteredTable): string[] {
  let names = coveredColumns.get(table);
  if (!names) {
    names = table.selectable.filter((name) => {
      const column = table.columns.get(name)!;
      return name !== table.primaryKey && !column.serverFilled && !column.readOnly;
    });
    coveredColumns.set(table, names);
  }
  return names;
}

/** the 32 digits of a version, as character codes */
const DIGITS = [...'0123456789abcdefghijklmnopqrstuv'].map((c) => c.charCodeAt(0));

/** codes above U+10FFFF, so that no text produces them: "no value", the end of a value, an integer follows */
const NO_VALUE = 0x110000;
const END_OF_VALUE = 0x110001;
const INTEGER = 0x110002;

/**
 * The version of a row as the list answers it (toAnswerRow's values): a 60-bit hash of its client-writable values
 * as 12 base-32 digits, so that every write path (the generic save, the account service, an import, a raw UPDATE,
 * another program writing an operator's database) changes it without bumping anything, and tables of any source
 * carry one. The hash is cyrb53's (public domain: two 32-bit multiply-xor lanes) over the values in place, about
 * 0.25 µs a row; node:crypto's sha1 of the same values took 1 µs (docs/decisions.md). It only has to tell a changed row
 * from its earlier self, not resist an attacker: a client that forges a version can only overwrite what it could
 * save without one.
 */
export function rowVersionOf(table: RegisteredTable, answered: Record<string, unknown>): string {
  return versionOf(coveredBy(table), answered);
}

/** Sets `_version` on answer rows of one table (a list's page: the covered columns looked up once). */
export function addRowVersions(table: RegisteredTable, rows: Record<string, unknown>[]): void {
  const names = coveredBy(table);
  for (const row of rows) row[ROW_VERSION_FIELD] = versionOf(names, row);
}

function versionOf(names: string[], answered: Record<string, unknown>): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let n = 0; n < names.length; n++) {
    const value = answered[names[n]!];
    if (typeof value === 'number' && (value | 0) === value) {
      h1 = Math.imul(h1 ^ INTEGER, 2654435761);
      h2 = Math.imul(h2 ^ INTEGER, 1597334677);
      h1 = Math.imul(h1 ^ value, 2654435761);
      h2 = Math.imul(h2 ^ value, 1597334677);
    } else if (value === null || value === undefined) {
      h1 = Math.imul(h1 ^ NO_VALUE, 2654435761);
      h2 = Math.imul(h2 ^ NO_VALUE, 1597334677);
    } else {
      const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        h1 = Math.imul(h1 ^ c, 2654435761);
        h2 = Math.imul(h2 ^ c, 1597334677);
      }
    }
    h1 = Math.imul(h1 ^ END_OF_VALUE, 2654435761);
    h2 = Math.imul(h2 ^ END_OF_VALUE, 1597334677);
  }
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  // one string made at once (built with += it would be twelve)
  return String.fromCharCode(
    DIGITS[a & 31]!,
    DIGITS[(a >>> 5) & 31]!,
    DIGITS[(a >>> 10) & 31]!,
    DIGITS[(a >>> 15) & 31]!,
    DIGITS[(a >>> 20) & 31]!,
    DIGITS[(a >>> 25) & 31]!,
    DIGITS[b & 31]!,
    DIGITS[(b >>> 5) & 31]!,
    DIGITS[(b >>> 10) & 31]!,
    DIGITS[(b >>> 15) & 31]!,
    DIGITS[(b >>> 20) & 31]!,
    DIGITS[(b >>> 25) & 31]!,
  );
}

/** A version a client sent back: absent (undefined, null, '') means "no check"; otherwise a version token. */
export function sentVersion(raw: unknown, name = ROW_VERSION_FIELD): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^[0-9a-z]{1,16}$/.test(raw))
    throw badRequest('badParam', { name, reason: 'a row version as answered by a list (_version)' });
  return raw;
}

/**
 * A write that carried a version older than the stored row: 409 CONFLICT with the current row as the list answers
 * it (with its version), so that the client can show what changed and save again on top of it. Nothing is written.
 */
export class RowConflict extends ApiError {
  constructor(
    table: RegisteredTable,
    id: number | string,
    readonly current: Record<string, unknown>,
  ) {
    super(409, 'rowConflict', { flag: table.flag, id });
  }

  override get data(): unknown {
    return this.current;
  }
}
