import { badRequest } from '../http/errors.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';

type Params = Record<string, string | number>;
const invalid = (column: RegisteredColumn, expected: string) => badRequest('badValue', { column: column.name, expected } as Params);

/** Current time as the text every datetime column stores: 'YYYY-MM-DD HH:mm:ss' in UTC. */
export function nowText(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

function toDateTimeText(column: RegisteredColumn, raw: string): string {
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

function toInt(column: RegisteredColumn, raw: unknown): number {
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  const n = typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) throw invalid(column, 'integer');
  return n;
}

function toNumber(column: RegisteredColumn, raw: unknown): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(column, 'number');
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
  if ([...raw].length > limit) throw badRequest('tooLong', { column: column.name, length: limit });
  return raw;
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
function assertEnumerated(column: RegisteredColumn, value: string | number): void {
  const allowed = new Set(column.enum!.map((e) => String(e.value)));
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
      return toDateTimeText(column, raw);
    default:
      return toText(column, raw);
  }
}

function listFromText(text: unknown): (string | number)[] {
  if (typeof text !== 'string' || text === '') return [];
  return text.split(',').map((v) => (/^-?\d+$/.test(v) ? Number(v) : v));
}

/** Shapes a database row for the answer: lists as lists, money as numbers, datetimes as text, aliases filled. */
export function toAnswerRow(table: RegisteredTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of table.selectable) {
    const column = table.columns.get(name)!;
    let value = row[name];
    if (value === undefined) continue;
    if (column.list) value = listFromText(value);
    else if (value !== null && (column.type === 'money' || column.type === 'float')) value = Number(value);
    else if (value instanceof Date) value = nowText(value);
    else if (column.type === 'datetime' && typeof value === 'string') value = value.slice(0, 19).replace('T', ' ');
    out[name] = value;
  }
  for (const [alias, real] of Object.entries(table.aliases ?? {})) out[alias] = out[real];
  return out;
}
