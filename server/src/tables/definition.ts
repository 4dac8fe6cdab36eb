import { SQL_NAME_PATTERN } from '@qb/contracts';
import type { AppDb } from '../db/appDatabase.ts';
import type { SourceEngine } from '../datasources/index.ts';
import {
  addColumnSql,
  alterColumnSql,
  checkTable,
  createTableSql,
  type DdlColumn,
  DdlNameError,
  type DdlTable,
  DEFAULT_LENGTH,
  LOGICAL_TYPES,
  type LogicalType,
  physicalType,
  quote,
  SYSTEM_PREFIXES,
} from './ddl.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';

/** A saved table definition: the sys_dataSheet row and its live columns as DDL columns. */
export interface SheetDefinition {
  id: number;
  tableName: string;
  intro: string | null;
  sourceId: number;
  created: boolean;
  /** the columns last applied to the real table (sys_dataSheet.applied), when created */
  applied: DdlColumn[] | undefined;
  columns: DdlColumn[];
}

/** What sys_dataSheet.applied holds: the real table's columns as last applied (or read back). */
export interface AppliedSnapshot {
  columns: DdlColumn[];
}

export function parseApplied(raw: unknown): DdlColumn[] | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    const parsed = JSON.parse(raw) as AppliedSnapshot;
    return Array.isArray(parsed?.columns) ? parsed.columns : undefined;
  } catch {
    return undefined;
  }
}

const on = (v: unknown) => Number(v) === 1;

/** The saved definition of a live sheet (fields with isdelete 1 left out); 404 when there is none. */
export async function loadSheet(db: AppDb, id: number): Promise<SheetDefinition> {
  const sheet = await db
    .selectFrom('sys_dataSheet')
    .select(['id', 'tableName', 'intro', 'parentid', 'created', 'applied'])
    .where('id', '=', id)
    .where('isdelete', '=', 0)
    .executeTakeFirst();
  if (!sheet) throw notFound('rowNotFound', { flag: 'sys_dataSheet', id });
  const fields = await db
    .selectFrom('sys_tableFields')
    .select(['columnName', 'type', 'length', 'primaryKey', 'nonEmpty', 'autoIncrement', 'defaults'])
    .where('parentid', '=', id)
    .where('isdelete', '=', 0)
    .orderBy('id')
    .execute();
  const columns = fields.map((f) => {
    const type = String(f.type ?? 'nvarchar') as LogicalType;
    const col: DdlColumn = { name: String(f.columnName ?? ''), type };
    // SQLite keeps whatever a save wrote in an integer column: '' is text there
    if (type === 'nvarchar') col.length = f.length === null || String(f.length) === '' ? DEFAULT_LENGTH : Number(f.length);
    if (on(f.primaryKey)) col.primaryKey = true;
    if (on(f.nonEmpty)) col.notNull = true;
    if (on(f.autoIncrement)) col.autoIncrement = true;
    // 默认值 goes into the DDL and its preview (issue 31 #8)
    if (f.defaults !== null && f.defaults !== undefined && String(f.defaults).trim() !== '') col.defaultValue = String(f.defaults);
    return col;
  });
  return {
    id: Number(sheet.id),
    tableName: String(sheet.tableName ?? ''),
    intro: sheet.intro === null || sheet.intro === undefined ? null : String(sheet.intro),
    sourceId: Number(sheet.parentid ?? 10000),
    created: on(sheet.created),
    applied: parseApplied(sheet.applied),
    columns,
  };
}

/** A refused definition: 400 with the reason in both languages. */
export function refusal(err: DdlNameError): ApiError {
  return new ApiError(400, 'ddlRefused', { zh: err.zh, en: err.en, subject: err.subject.slice(0, 80) });
}

/** 409 when the name belongs to a built-in table (a plain name, not one refused for its form or prefix). */
export function assertNotBuiltin(registry: TableRegistry, name: string): void {
  const lower = name.toLowerCase();
  if (SQL_NAME_PATTERN.test(name) && !SYSTEM_PREFIXES.some((p) => lower.startsWith(p)) && registry.isBuiltinName(name)) {
    throw new ApiError(409, 'tableNameTaken', { name, zh: '系统内置表', en: 'a built-in table' });
  }
}

/** 409 when another live definition has the same table name (any case, any source: the name is the page's flag). */
export async function assertNameFree(db: AppDb, name: string, exceptId?: number): Promise<void> {
  const rows = await db.selectFrom('sys_dataSheet').select(['id', 'tableName']).where('isdelete', '=', 0).execute();
  const other = rows.find((r) => String(r.tableName).toLowerCase() === name.toLowerCase() && Number(r.id) !== exceptId);
  if (other) throw new ApiError(409, 'tableNameTaken', { name, zh: `另一个数据表定义 #${other.id}`, en: `another table definition #${other.id}` });
}

export interface DdlPlan {
  statements: string[];
  /** statements that undo the ones run so far, for engines whose DDL commits at once (MySQL, Oracle) */
  undo: string[];
  /** the snapshot to store once the statements ran */
  applied: DdlColumn[];
}

const lowerName = (c: DdlColumn) => c.name.toLowerCase();

/**
 * The two column names the generated page gives a meaning (schema/runtime.ts): `isdelete` is the soft-delete mark,
 * compared with 0 and 1, so it must be a plain int; `id` must be the key (and, in a table made here, numbered by the
 * database: the generic save never writes `id`). Otherwise the table is made but its page
 * fails (PostgreSQL cannot compare text with 0) or is never served (attack-ddl.test.ts).
 */
export function checkPageColumns(columns: DdlColumn[], creating = false): void {
  for (const c of columns) {
    // the generic calls name the row with `id` and never write it: a table made here numbers its own id
    if (creating && c.name.toLowerCase() === 'id' && !(c.primaryKey && c.autoIncrement && c.type === 'int')) {
      throw new DdlNameError(c.name, '名为 id 的字段必须是自增的 int 主键', 'a column named id must be an auto-increment int primary key');
    }
    const lower = c.name.toLowerCase();
    if (lower === 'isdelete' && (c.type !== 'int' || c.primaryKey || c.autoIncrement)) {
      throw new DdlNameError(c.name, 'isdelete 是删除标记，必须是 int 类型且不能是主键', 'isdelete is the delete mark: it must be an int column and not a key');
    }
    if (lower === 'id' && !c.primaryKey) throw new DdlNameError(c.name, '名为 id 的字段必须是主键', 'a column named id must be the primary key');
  }
}

/** The checks that need no source: names, types, lengths, one key (a generated page needs it). */
export function checkDefinition(def: SheetDefinition): DdlTable {
  const table: DdlTable = { name: def.tableName, columns: def.columns };
  checkTable(table);
  checkPageColumns(def.columns, !def.created);
  if (!def.columns.some((c) => c.primaryKey)) throw new DdlNameError(def.tableName, '需要一个主键字段', 'a table needs a primary key column');
  return table;
}

/**
 * The statements that make the real table match the saved definition: CREATE TABLE for a new table; for a
 * created one ADD for new columns and a lossless ALTER for a changed type or length. A change that would lose
 * data, or that the engine cannot make (a key, auto increment or NOT NULL on an existing column), is a
 * DdlNameError with the reason. Columns removed from the definition stay in the real table (their data is kept).
 */
export function planDdl(engine: SourceEngine, def: SheetDefinition): DdlPlan {
  const table = checkDefinition(def);
  if (!def.created || !def.applied) {
    return { statements: [createTableSql(engine, table)], undo: [`DROP TABLE ${quote(engine, def.tableName)}`], applied: def.columns };
  }
  const statements: string[] = [];
  const undo: string[] = [];
  const before = new Map(def.applied.map((c) => [lowerName(c), c]));
  const t = quote(engine, def.tableName);
  for (const col of def.columns) {
    const old = before.get(lowerName(col));
    if (!old) {
      statements.push(addColumnSql(engine, def.tableName, col));
      undo.push(engine === 'oracle' ? `ALTER TABLE ${t} DROP (${quote(engine, col.name)})` : `ALTER TABLE ${t} DROP COLUMN ${quote(engine, col.name)}`);
      continue;
    }
    if (Boolean(old.primaryKey) !== Boolean(col.primaryKey) || Boolean(old.autoIncrement) !== Boolean(col.autoIncrement)) {
      throw new DdlNameError(col.name, '已建的表不能修改主键或自增', 'the key or auto increment of a created table cannot be changed');
    }
    if (Boolean(old.notNull) !== Boolean(col.notNull) && !col.primaryKey) {
      throw new DdlNameError(col.name, '已建的表不能修改字段的非空设置', 'NOT NULL of an existing column cannot be changed');
    }
    const sameLength = (old.length ?? DEFAULT_LENGTH) === (col.length ?? DEFAULT_LENGTH);
    if (old.type === col.type && (col.type !== 'nvarchar' || sameLength)) continue;
    statements.push(alterColumnSql(engine, def.tableName, { ...old, name: col.name }, col));
    const nn = old.notNull || old.primaryKey ? ' NOT NULL' : ' NULL';
    const c = quote(engine, col.name);
    if (engine === 'mysql') undo.push(`ALTER TABLE ${t} MODIFY COLUMN ${c} ${physicalType(engine, old)}${nn}`);
    else if (engine === 'oracle') undo.push(`ALTER TABLE ${t} MODIFY (${c} ${physicalType(engine, old)})`);
  }
  // the real table keeps the columns the definition no longer lists
  const current = new Set(def.columns.map(lowerName));
  // a read-back column keeps its engine type and read-only mark (the registry reads them) while its logical type is unchanged
  const withNative = (c: DdlColumn) => {
    const old = before.get(lowerName(c)) as (DdlColumn & { native?: string; readOnly?: boolean }) | undefined;
    if (!old?.native || old.type !== c.type || (old.length ?? DEFAULT_LENGTH) !== (c.length ?? DEFAULT_LENGTH)) return c;
    return { ...c, native: old.native, ...(old.readOnly ? { readOnly: true } : {}) };
  };
  const applied = [...def.columns.map(withNative), ...def.applied.filter((c) => !current.has(lowerName(c)))];
  return { statements, undo, applied };
}

/** A logical type of the column grid, or undefined. */
export function asLogicalType(v: string): LogicalType | undefined {
  return (LOGICAL_TYPES as readonly string[]).includes(v) ? (v as LogicalType) : undefined;
}
