import { WHERE_OPERATORS, type WhereOperator } from '@qb/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { SourceEngine as Engine } from '../datasources/engines.ts';
import { MARK_TABLE } from '../db/migrations/0008_search_upkeep.ts';
import { baseOfSearchTable, pendingTable } from '../db/migrations/0010_search_side.ts';
import { bitsQueue } from '../db/migrations/0018_search_gram_bits.ts';
import { badRequest } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import { comparedAsText } from '../schema/nativeTypes.ts';
import { toStoredValue } from './values.ts';

export interface Condition {
  column: RegisteredColumn;
  /** `anyOf`: a row filter of several grants (crud/rowScope.ts), `value` their condition lists, any of which a row matches */
  op: WhereOperator | 'anyOf';
  value: unknown;
  /** SQLite: the FTS5 trigram table indexing this column (search/indexes.ts), set when the search is long enough to use it */
  fts?: string;
  /** PostgreSQL: the side table carrying this column's trigram index (migration 0010), set when the search has a trigram */
  side?: string;
  /**
   * PostgreSQL, while the side table's queue is large (a bulk load being caught up): the bound of its open partition
   * (search/pgSide.ts `openPartition`); the rows from it up are read from the table with the search's `like`, the queued
   * ids below it by key
   */
  sideFrom?: number;
  /** MySQL/MariaDB: the table whose gram rows (migration 0018) index this column, and the search's candidates read from them */
  grams?: GramsOf;
}

/**
 * MySQL/MariaDB: a column's gram rows: the base table, the column's number in them, the column's name; and what the
 * search's read of them found (search/grams.ts gramSearch, one snapshot): the ids whose blocks hold every gram, the
 * queued ids, a bulk load's range not yet appended.
 */
export interface GramsOf {
  table: string;
  col: number;
  column: string;
  ids: number[];
  range: [number, number] | undefined;
}

const MAX_LIST = 1000;

/** Parses the `wheres` query parameter (a JSON object) into checked conditions; anything off is a 400. */
export function parseWheres(raw: unknown, table: RegisteredTable, registry: TableRegistry): Condition[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > 20_000) throw badRequest('badWheres', { reason: 'too long' });
    try {
      obj = JSON.parse(raw);
    } catch {
      throw badRequest('badWheres', { reason: 'not JSON' });
    }
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw badRequest('badWheres', { reason: 'not an object' });
  const conditions: Condition[] = [];
  for (const [name, value] of Object.entries(obj)) {
    const column = registry.column(table, name);
    if (!column.filterable) throw badRequest('notFilterable', { column: name });
    if (column.name === 'isdelete') {
      // lists always exclude deleted rows; the client's isdelete 0 is accepted, anything else is refused
      if (value === 0 || value === '0') continue;
      throw badRequest('deletedNotListed');
    }
    conditions.push(toCondition(column, value));
  }
  return conditions;
}

function toCondition(column: RegisteredColumn, value: unknown): Condition {
  if (Array.isArray(value)) return { column, op: 'in', value: checkList(column, value) };
  if (value !== null && typeof value === 'object') {
    const { type, value: v, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw badRequest('badWheres', { reason: `${column.name}: only type and value are allowed` });
    if (typeof type !== 'string' || !(WHERE_OPERATORS as readonly string[]).includes(type)) {
      throw badRequest('badOperator', { op: String(type).slice(0, 32) });
    }
    const op = type as WhereOperator;
    switch (op) {
      case 'in':
      case 'notIn':
        if (!Array.isArray(v)) throw badRequest('badWheres', { reason: `${column.name}: ${op} needs a list` });
        return { column, op, value: checkList(column, v) };
      case 'between': {
        if (!Array.isArray(v) || v.length !== 2) throw badRequest('badWheres', { reason: `${column.name}: between needs [low, high]` });
        return { column, op, value: v.map((x) => scalar(column, x)) };
      }
      case 'isNull':
        if (typeof v !== 'boolean') throw badRequest('badWheres', { reason: `${column.name}: isNull needs true or false` });
        return { column, op, value: v };
      case 'like':
      case 'startsWith':
      case 'endsWith':
        if (typeof v !== 'string' && typeof v !== 'number') throw badRequest('badWheres', { reason: `${column.name}: ${op} needs text` });
        return { column, op, value: String(v) };
      default:
        return { column, op, value: scalar(column, v) };
    }
  }
  return { column, op: 'eq', value: scalar(column, value) };
}

function scalar(column: RegisteredColumn, v: unknown): unknown {
  if (v === null) return null;
  if (typeof v === 'object') throw badRequest('badWheres', { reason: `${column.name}: a value must be a number, text or null` });
  if (column.list) return String(v);
  return toStoredValue({ ...column, cascader: false }, v);
}

function checkList(column: RegisteredColumn, list: unknown[]): unknown[] {
  if (list.length > MAX_LIST) throw badRequest('badWheres', { reason: `${column.name}: at most ${MAX_LIST} values` });
  return list.map((x) => scalar(column, x));
}

function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** Builds the WHERE expression of the conditions (AND), with bound values only. */
export function whereExpression(eb: ExpressionBuilder<any, any>, conditions: Condition[], softDelete: boolean, engine: Engine): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (softDelete) parts.push(eb('isdelete', '=', 0));
  for (const c of conditions) parts.push(conditionExpression(eb, c, engine));
  return eb.and(parts);
}

/** PostgreSQL has no like on a number, uuid, enum or array, and no = on json, xml or a point: those columns are compared as their text. */
function asText(eb: ExpressionBuilder<any, any>, column: RegisteredColumn | undefined, engine: Engine, forLike: boolean): boolean {
  if (engine !== 'postgres' || !column) return false;
  if (comparedAsText(engine, column.native)) return true;
  return (
    forLike &&
    (column.native !== undefined
      ? !/^(text|character varying|character|varchar|char|name|citext)$/.test(column.native)
      : column.type !== 'nvarchar' && column.type !== 'ntext')
  );
}

/**
 * Text no case mapping touches, in a text or in a pattern: Chinese, Japanese and Korean characters, digits, ASCII and
 * CJK punctuation and spaces. No character lowercases into one of these, so PostgreSQL's `ilike` (which lowercases the
 * text and the pattern) and `like` find the same rows for such a pattern, and `like` reads them about three times
 * faster (it compares bytes; `ilike` lowercases every text it tests). Letters of any script keep `ilike`.
 */
const UNCASED =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}0-9 !-/:-@[-`{-~\u3000-\u303f\uff01-\uff20\uff3b-\uff40\uff5b-\uff65]*$/u;

/** Whether a search text is all uncased (UNCASED): PostgreSQL may then compare it with `like`. */
export const isUncased = (text: string) => UNCASED.test(text);

function likeExpression(eb: ExpressionBuilder<any, any>, name: string, pattern: string, engine: Engine, column?: RegisteredColumn): Expression<SqlBool> {
  const op = engine === 'postgres' && !isUncased(pattern) ? sql.raw('ilike') : sql.raw('like');
  const ref = asText(eb, column, engine, true) ? sql`cast(${eb.ref(name)} as text)` : eb.ref(name);
  return sql<SqlBool>`${ref} ${op} ${pattern} escape '!'`;
}

/** SQLite: the FTS5 query of a search of 3 characters or more: the AND of its distinct trigrams (`detail=none`: no phrases). */
export function ftsQuery(text: string): string {
  const chars = [...text];
  const grams = new Set<string>();
  for (let k = 0; k + 3 <= chars.length; k++) grams.add(chars.slice(k, k + 3).join(''));
  return [...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(' AND ');
}

/**
 * A text search with the rows its FTS5 trigram table finds for it (migration 0008: `detail=none`, so the AND of the
 * search's trigrams; a superset, as trigrams fold case beyond ASCII and ignore order), plus the rows above the
 * table's mark (inserted since the index last caught up, search/upkeep.ts SearchUpkeep) that the same `like` finds; the
 * `like` of the row decides as before. `rowid` outside is the base table's (its integer key), inside the FTS table's.
 */
function indexedBy(eb: ExpressionBuilder<any, any>, c: Condition, like: Expression<SqlBool>, pattern: string, engine: Engine): Expression<SqlBool> {
  if (c.side && engine === 'postgres') return sideIndexed(eb, c, c.side, like, pattern);
  if (c.grams && engine === 'mysql') return eb.and([gramsIndexed(eb, c.grams, String(c.value)), like]);
  if (!c.fts) return like;
  const query = ftsQuery(String(c.value));
  const base = c.fts.slice(0, -'__search'.length);
  const fts = sql.table(c.fts);
  // the rows above the mark read as a range of the key with the same `like` (issue 30: a bulk load not yet caught up is
  // a bounded scan of those rows only, and only its hits are gathered, not every rowid above the mark)
  const above = likeExpression(eb, `qb_m.${c.column.name}`, pattern, engine, c.column);
  return eb.and([
    // one `in` list (not an `or`): the planner reads the candidates from it rather than scanning in key order
    sql<SqlBool>`rowid in (select rowid from ${fts} where ${fts} match ${query} union all select qb_m.rowid from ${sql.table(base)} qb_m where qb_m.rowid > coalesce((select upto from ${sql.table(MARK_TABLE)} where tbl = ${base}), -9223372036854775807) and ${above})`,
    like,
  ]);
}

/**
 * PostgreSQL, migration 0010: the ids the side table's trigram index finds for the search (the same `ilike` on a copy
 * of the text), plus every id written since the side table last caught up (its pending queue, search/upkeep.ts
 * SearchUpkeep); the `ilike` of the base row decides. A row is either caught up (its side text is its text) or queued.
 * While the queue is large (`sideFrom`: a bulk load being caught up, issue 30's fifth pass), the queued ids from the side
 * table's open partition up are not taken one by one: the base rows from that bound up are read as a range of the key
 * with the same `ilike` (only their hits gathered), and the queued ids below it by key. Exact as well: a row below the
 * bound is caught up or queued, a row from it up is read.
 */
function sideIndexed(eb: ExpressionBuilder<any, any>, c: Condition, side: string, like: Expression<SqlBool>, pattern: string): Expression<SqlBool> {
  const found = likeExpression(eb, `qb_s.${c.column.name}`, pattern, 'postgres');
  const base = baseOfSearchTable(side);
  const queued =
    c.sideFrom === undefined
      ? sql`select qb_p.id from ${sql.table(pendingTable(base))} qb_p`
      : sql`select qb_b.id from ${sql.table(base)} qb_b where qb_b.id >= ${c.sideFrom} and ${likeExpression(eb, `qb_b.${c.column.name}`, pattern, 'postgres', c.column)}
        union all select qb_p.id from ${sql.table(pendingTable(base))} qb_p where qb_p.id < ${c.sideFrom}`;
  return eb.and([
    // an array, not an `in` list: the planner then always reads the candidates first and looks their rows up by key.
    // As a semi-join it guessed 200 distinct candidates whatever their number, and with a row estimate of the table
    // gone stale (just after an import) it compared every row with every candidate (12,000 rows: 10 s)
    sql<SqlBool>`${eb.ref('id')} = any(array(select qb_s.id from ${sql.table(side)} qb_s where ${found} union all ${queued}))`,
    like,
  ]);
}

/**
 * MySQL/MariaDB, migration 0018: the candidates the search's read of the gram rows found (its hits and the queued ids,
 * search/grams.ts gramSearch), the ids queued since, and the rows of a bulk load's range not yet appended that the
 * search's own `like` finds; the base row's `like` decides. In a derived table, so that the `in` is a semi-join the
 * optimizer reads from the candidates (an `in` over a union is probed row by row).
 */
function gramsIndexed(eb: ExpressionBuilder<any, any>, grams: GramsOf, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${eb.ref('id')} in (select qb_c.id from (${gramCandidates(grams, text)}) qb_c)`;
}

/**
 * MySQL/MariaDB: the candidate ids of a search, the derived table gramsIndexed reads; also a page's first table
 * (crud/searchReads.ts candidatesFirst). The ids found are given as a JSON array (`json_table`: MariaDB 10.6 and MySQL 8
 * alike). Every id was, when they were read, in a block made after its last write, in the queue or in the range; the
 * queue is read again here, so that a write committed since is a candidate too (unless a catch-up took it in between).
 */
export function gramCandidates(grams: GramsOf, text: string) {
  const ranged = grams.range
    ? sql` union select qb_r.id from ${sql.table(grams.table)} qb_r where qb_r.id between ${sql.lit(grams.range[0])} and ${sql.lit(grams.range[1])}
        and ${sql.ref(`qb_r.${grams.column}`)} like ${`%${escapeLike(text)}%`} escape '!'`
    : sql``;
  return sql`select qb_j.id from json_table(${JSON.stringify(grams.ids)}, '$[*]' columns (id bigint path '$')) qb_j
    union select qb_q.id from ${sql.table(bitsQueue(grams.table))} qb_q${ranged}`;
}

function listContains(eb: ExpressionBuilder<any, any>, name: string, value: string, engine: Engine): Expression<SqlBool> {
  const v = escapeLike(value);
  return eb.or([
    eb(name, '=', value),
    likeExpression(eb, name, `${v},%`, engine),
    likeExpression(eb, name, `%,${v}`, engine),
    likeExpression(eb, name, `%,${v},%`, engine),
  ]);
}

function conditionExpression(eb: ExpressionBuilder<any, any>, c: Condition, engine: Engine): Expression<SqlBool> {
  if (c.op === 'anyOf') {
    const groups = c.value as Condition[][];
    if (groups.length === 0) return sql<SqlBool>`1 = 0`;
    return eb.or(groups.map((all) => eb.and([sql<SqlBool>`1 = 1`, ...all.map((x) => conditionExpression(eb, x, engine))])));
  }
  const name = c.column.name;
  if (asText(eb, c.column, engine, false) && c.op !== 'like' && c.op !== 'startsWith' && c.op !== 'endsWith') {
    return comparison(eb, sql`cast(${eb.ref(name)} as text)` as Expression<any>, c);
  }
  const v = c.value as any;
  if (c.column.list && (c.op === 'eq' || c.op === 'in')) {
    // a list column matches when it contains the value (any of the values for a list)
    const values: string[] = c.op === 'eq' ? [v] : v;
    if (values.length === 0) return sql<SqlBool>`1 = 0`;
    return eb.or(values.map((x) => listContains(eb, name, String(x), engine)));
  }
  switch (c.op) {
    case 'eq':
      return v === null ? eb(name, 'is', null) : eb(name, '=', v);
    case 'ne':
      return v === null ? eb(name, 'is not', null) : eb.or([eb(name, '<>', v), eb(name, 'is', null)]);
    case 'gt':
      return eb(name, '>', v);
    case 'gte':
      return eb(name, '>=', v);
    case 'lt':
      return eb(name, '<', v);
    case 'lte':
      return eb(name, '<=', v);
    case 'like':
      return indexedBy(eb, c, likeExpression(eb, name, `%${escapeLike(v)}%`, engine, c.column), `%${escapeLike(v)}%`, engine);
    case 'startsWith':
      return indexedBy(eb, c, likeExpression(eb, name, `${escapeLike(v)}%`, engine, c.column), `${escapeLike(v)}%`, engine);
    case 'endsWith':
      return indexedBy(eb, c, likeExpression(eb, name, `%${escapeLike(v)}`, engine, c.column), `%${escapeLike(v)}`, engine);
    case 'in':
      return v.length === 0 ? sql<SqlBool>`1 = 0` : eb(name, 'in', v);
    case 'notIn':
      return v.length === 0 ? sql<SqlBool>`1 = 1` : eb(name, 'not in', v);
    case 'between':
      return eb.between(eb.ref(name), v[0], v[1]);
    case 'isNull':
      return v ? eb(name, 'is', null) : eb(name, 'is not', null);
  }
}

/** The comparisons of a condition on an expression (a column compared as its text). */
function comparison(eb: ExpressionBuilder<any, any>, ref: Expression<any>, c: Condition): Expression<SqlBool> {
  const v = c.value as any;
  switch (c.op) {
    case 'eq':
      return v === null ? eb(ref, 'is', null) : eb(ref, '=', String(v));
    case 'ne':
      return v === null ? eb(ref, 'is not', null) : eb.or([eb(ref, '<>', String(v)), eb(ref, 'is', null)]);
    case 'gt':
      return eb(ref, '>', String(v));
    case 'gte':
      return eb(ref, '>=', String(v));
    case 'lt':
      return eb(ref, '<', String(v));
    case 'lte':
      return eb(ref, '<=', String(v));
    case 'in':
      return v.length === 0 ? sql<SqlBool>`1 = 0` : eb(ref, 'in', v.map(String));
    case 'notIn':
      return v.length === 0 ? sql<SqlBool>`1 = 1` : eb(ref, 'not in', v.map(String));
    case 'between':
      return eb.between(ref, String(v[0]), String(v[1]));
    case 'isNull':
      return v ? eb(ref, 'is', null) : eb(ref, 'is not', null);
    default:
      return sql<SqlBool>`1 = 0`;
  }
}

/** A stable text of the conditions, the key of the count cache. */
export function conditionsKey(conditions: Condition[]): string {
  return JSON.stringify(conditions.map((c) => [c.column.name, c.op, c.op === 'anyOf' ? (c.value as Condition[][]).map(conditionsKey).sort() : c.value]).sort());
}
