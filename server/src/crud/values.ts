import { nowText } from '../db/time.ts';
import { ownValue } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';

type Params = Record<string, string | number>;
const invalid = (column: RegisteredColumn, expected: string) => badRequest('badValue', { column: column.name, expected } as Params);

const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** `YYYY-MM-DD HH:mm:ss` exactly (what the save writes, an import's dates): checked by its digits, answered as it is. */
const canonicalDateTime = /^\d{4}-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

function toDateTimeText(column: RegisteredColumn, raw: string): string {
  const c = canonicalDateTime.exec(raw);
  if (c) {
    const month = Number(c[1]);
    const day = Number(c[2]);
    // as Date.UTC below reads a year: 0–99 as 1900–1999
    const year = Number(raw.slice(0, 4)) + (raw.startsWith('00') ? 1900 : 0);
    if (month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !isLeap(year) ? 28 : DAYS_IN_MONTH[month - 1]!)) return raw;
    throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
  }
  const m = dateTimePattern.exec(raw.trim());
  if (!m) throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
  if (m[7]) {
    const d = new Date(raw.trim().replace(' ', 'T'));
    if (Number.isNaN(d.getTime())) throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
    return nowText(d);
  }
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m.slice(1, 7) as string[];
  const check = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59) {
    throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
  }
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** A cascader sends a path, as a list or a JSON array string: the last element is the value. */
function lastOfPath(raw: unknown): unknown {
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      raw = JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (Array.isArray(raw)) return raw.length === 0 ? 0 : raw[raw.length - 1];
  return raw;
}

function toInt(column: RegisteredColumn, raw: unknown): number | string {
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (column.native) return toEngineInt(column, raw);
  const n = typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) throw invalid(column, 'integer');
  return n;
}

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * An integer for a column read back from a source (bigint, smallint, unsigned…): any 64-bit integer, given as a
 * number or as its digits, and kept as those digits beyond 2^53 (a Number would round 9007199254740993 to …992).
 * The engine checks the column's own range (smallint 100000 is its refusal, answered as a 400 naming the column).
 */
function toEngineInt(column: RegisteredColumn, raw: unknown): number | string {
  let big: bigint;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) big = BigInt(raw);
  else if (typeof raw === 'string' && /^\s*[-+]?\d{1,20}\s*$/.test(raw)) big = BigInt(raw.trim());
  else throw invalid(column, 'integer');
  if (big < INT64_MIN || big > UINT64_MAX) throw invalid(column, 'integer');
  const n = Number(big);
  return Number.isSafeInteger(n) ? n : big.toString();
}

/**
 * A date or time of a read-back column as the engine's text: given to the engine as listed (a date, a timestamp
 * with its microseconds and zone, `infinity`, a BC date), which parses it or refuses it (a 400 naming the column).
 */
function toEngineText(column: RegisteredColumn, raw: string): string {
  if (raw.length > 100) throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
  return raw;
}

/** What PostgreSQL lists for a float or numeric that is not a finite number: saved back as that text. */
const NOT_FINITE = /^(NaN|-?Infinity)$/;

function toNumber(column: RegisteredColumn, raw: unknown): number | string {
  // a decimal of a read-back numeric column is kept as its digits: the engine checks its precision, nothing is rounded here
  if (column.native && typeof raw === 'string' && (/^\s*[-+]?\d+(\.\d+)?\s*$/.test(raw) || NOT_FINITE.test(raw))) return raw.trim();
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(column, 'number');
  if (column.native) return n;
  if (column.type === 'money') {
    if (Math.abs(n) >= 1e10) throw invalid(column, 'number');
    return Math.round(n * 100) / 100;
  }
  return n;
}

function toText(column: RegisteredColumn, raw: unknown): string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') throw invalid(column, 'text');
  const limit = column.type === 'image' ? 500 : column.type === 'nvarchar' ? (column.length ?? 50) : 1_000_000;
  if (moreCharactersThan(raw, limit)) throw badRequest('tooLong', { column: column.name, length: limit });
  return raw;
}

/**
 * Whether `text` has more than `limit` characters (code points: an emoji is one), counted without making an array
 * of them and only as far as needed: `[...text]` of a 150,000,000-character value killed the process (issue 28 #1).
 */
export function moreCharactersThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  // a character is at most two UTF-16 units
  if (text.length > limit * 2) return true;
  let characters = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++characters > limit) return true;
  }
  return false;
}

function toList(column: RegisteredColumn, raw: unknown): string {
  let items: unknown = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      items = JSON.parse(raw);
    } catch {
      throw invalid(column, 'list');
    }
  }
  if (Array.isArray(items)) {
    if (!items.every((v) => (typeof v === 'string' && !v.includes(',')) || (typeof v === 'number' && Number.isFinite(v)))) {
      throw invalid(column, 'list');
    }
    return toText(column, items.join(','));
  }
  return toText(column, items);
}

/**
 * Converts a value a client sent into what the column stores, or throws a 400 naming the column.
 * null and '' mean "no value" (null).
 */
export function toStoredValue(column: RegisteredColumn, raw: unknown): string | number | null {
  const value = toColumnType(column, raw);
  if (column.enum && value !== null) assertEnumerated(column, value);
  return value;
}

/** An enumerated column takes only its listed values (each element of a list column). */
const allowedOf = new WeakMap<RegisteredColumn, Set<string>>();
function assertEnumerated(column: RegisteredColumn, value: string | number): void {
  let allowed = allowedOf.get(column);
  if (!allowed) allowedOf.set(column, (allowed = new Set(column.enum!.map((e) => String(e.value)))));
  const values = column.list ? String(value).split(',') : [String(value)];
  if (!values.every((v) => allowed.has(v))) {
    throw badRequest('notInEnum', { column: column.name, allowed: column.enum!.map((e) => e.value).join(', ') });
  }
}

function toColumnType(column: RegisteredColumn, raw: unknown): string | number | null {
  if (column.cascader) raw = lastOfPath(raw);
  if (raw === null || raw === undefined || raw === '') return null;
  if (column.list) return toList(column, raw);
  switch (column.type) {
    case 'int':
      return toInt(column, raw);
    case 'float':
    case 'money':
      return toNumber(column, raw);
    case 'datetime':
      if (typeof raw !== 'string') throw invalid(column, 'YYYY-MM-DD HH:mm:ss');
      return column.native ? toEngineText(column, raw) : toDateTimeText(column, raw);
    default:
      return toText(column, raw);
  }
}

function listFromText(text: unknown): (string | number)[] {
  if (typeof text !== 'string' || text === '') return [];
  return text.split(',').map((v) => (/^-?\d+$/.test(v) ? Number(v) : v));
}

const decimalText = /^-?\d+(\.\d+)?$/;
/** A decimal's digits without sign-less zeros: '012.50' and '12.5' are the same number. */
const canonicalDecimal = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.') as [string, string?];
  const digits = `${whole.replace(/^0+(?=\d)/, '')}${fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : ''}`;
  return negative && digits !== '0' ? `-${digits}` : digits;
};

/**
 * A number read as text (a source's numeric, int8 beyond 2^53, money) as a JSON number when that number is exactly
 * the same value, else as its text: 9007199254740993 and 0.1234567890123456789 are answered as they are stored.
 */
export function exactNumber(value: string): number | string {
  const text = value.trim();
  const n = Number(text);
  if (!Number.isFinite(n) || text === '') return value;
  if (!decimalText.test(text)) return /^-?\d+(\.\d+)?e[+-]?\d+$/i.test(text) ? n : value;
  return canonicalDecimal(String(n)) === canonicalDecimal(text) ? n : text;
}

/** A value the driver gave as an object (json, an array, a bigint) as the text it stands for; a Date or a Buffer is left as it is. */
function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return exactNumber(value.toString());
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value) && !(value instanceof Uint8Array))
    return JSON.stringify(value);
  return value;
}

/** Shapes a database row for the answer: lists as lists, money as numbers, datetimes as text, aliases filled. */
export function toAnswerRow(table: RegisteredTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of table.selectable) {
    const column = table.columns.get(name)!;
    let value = ownValue(row, name);
    if (value === undefined) continue;
    if (column.list) value = listFromText(value);
    else if (typeof value === 'string' && (column.type === 'money' || column.type === 'float' || column.type === 'int')) value = exactNumber(value);
    else if (value !== null && (column.type === 'money' || column.type === 'float') && typeof value !== 'object') value = Number(value);
    else if (value instanceof Date) value = nowText(value);
    // a read-back column's date or time is the engine's text as it is (microseconds, zone, BC)
    else if (column.type === 'datetime' && typeof value === 'string' && !column.native) value = value.slice(0, 19).replace('T', ' ');
    else value = plainValue(value);
    out[name] = value;
  }
  for (const [alias, real] of Object.entries(table.aliases ?? {})) out[alias] = out[real];
  return out;
}
