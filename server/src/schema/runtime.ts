import { COLUMN_TYPES, SQL_NAME_PATTERN, type ColumnType, type EnumValue } from '@qb/contracts';
import type { AppDb } from '../db/appDatabase.ts';
import type { ColumnDef, TableDef } from './types.ts';

/** One live row of sys_tableFields, as stored. */
interface FieldRow {
  parentid: number;
  columnName: string;
  type: string;
  length: number | null;
  defaults: string | null;
  primaryKey: number | null;
  nonEmpty: number | null;
  autoIncrement: number | null;
  intro: string | null;
  titleEn: string | null;
  options: string | null;
  refTable: string | null;
  refLabel: string | null;
  /** the engine's own type of a read-back column (from the applied snapshot) */
  native?: string;
  /** a read-back column no text form saves back (binary data): listed, never written (schema/nativeTypes.ts) */
  nativeReadOnly?: boolean;
}

interface SheetRow {
  id: number;
  tableName: string;
  intro: string | null;
  titleEn: string | null;
  parentid: number;
  /** the columns last applied to the real table (JSON, migration 0004): only those are served */
  applied?: string | null;
}

type AppliedColumn = { name: string; type: string; length?: number; native?: unknown; readOnly?: unknown };

/** The saved columns the real table has: those of the applied snapshot, with the type and length applied (a change not yet run is not served). */
function appliedFields(sheet: SheetRow, fields: FieldRow[]): FieldRow[] {
  if (typeof sheet.applied !== 'string' || sheet.applied === '') return fields;
  let columns: AppliedColumn[];
  try {
    columns = (JSON.parse(sheet.applied) as { columns: AppliedColumn[] }).columns;
  } catch {
    return fields;
  }
  if (!Array.isArray(columns)) return fields;
  const byName = new Map(columns.map((c) => [String(c.name).toLowerCase(), c]));
  return fields.flatMap((f) => {
    const c = byName.get(f.columnName.toLowerCase());
    if (!c) return [];
    const native =
      typeof c.native === 'string' && c.native !== '' ? { native: c.native.slice(0, 60), ...(c.readOnly === true ? { nativeReadOnly: true } : {}) } : {};
    return [{ ...f, columnName: c.name, type: c.type, length: c.type === 'nvarchar' ? (c.length ?? 50) : f.length, ...native }];
  });
}

/** A definition the loader could not take, and why (logged; the table stays out of the registry); or a part of one it ignored. */
export interface SkippedSheet {
  tableName: string;
  reason: string;
}

/** the product's own tables (sessions, captchas, migrations...) and the engines' catalogues are never an operator's table */
const RESERVED_PREFIX = /^(sys_|kysely_|sqlite_|pg_|information_schema|mysql|performance_schema)/i;

/** The enumeration stored as JSON in sys_tableFields.options: [{"value": 1, "zh": "男", "en": "Male"}]. */
function parseEnum(raw: string | null): EnumValue[] | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new Error('options is not JSON');
  }
  if (!Array.isArray(list) || list.length === 0) throw new Error('options must be a non-empty list');
  return list.map((o) => {
    const ok = typeof o === 'object' && o !== null && (typeof o.value === 'number' || typeof o.value === 'string') && typeof o.zh === 'string';
    if (!ok) throw new Error('each option needs a value and a zh label');
    return {
      value: o.value,
      label: { zh: o.zh, en: typeof o.en === 'string' && o.en !== '' ? o.en : o.zh },
      ...(typeof o.color === 'string' ? { color: o.color } : {}),
    };
  });
}

/**
 * Why a default cannot be stored in a column of this type, or undefined when it can: an int column takes an integer,
 * a float or money column a number. The column rule (tables/fieldRules.ts) refuses such a default when it is saved.
 */
export function badDefaultOf(type: string, raw: unknown): 'integer' | 'number' | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (type !== 'int' && type !== 'float' && type !== 'money') return undefined;
  const text = String(raw).trim();
  const n = text === '' ? NaN : Number(text);
  if (type === 'int') return /^[-+]?\d+$/.test(text) || (Number.isInteger(n) && /^[-+]?\d+(\.0*)?$/.test(text)) ? undefined : 'integer';
  return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? undefined : 'number';
}

function defaultOf(type: ColumnType, raw: string | null): string | number | undefined {
  if (raw === null || raw === '') return undefined;
  if (type === 'int' || type === 'float' || type === 'money') {
    if (badDefaultOf(type, raw) !== undefined) throw new BadDefault(raw);
    const text = raw.trim();
    // an integer beyond 2^53 (a bigint column's default) is kept as its digits
    return type === 'int' && !Number.isSafeInteger(Number(text)) ? text.replace(/^\+/, '') : Number(text);
  }
  return raw;
}

/** A default stored by an earlier release that the column cannot take: the default is ignored (and reported), not the table. */
class BadDefault extends Error {
  constructor(readonly value: string) {
    super(`default ${value.slice(0, 40)} is not a number`);
  }
}

/**
 * The column a definition adds to record each row's creator (docs/datasources.md "Record the creator"): an int column
 * of this name, neither key nor numbered, is filled by the server with the inserting account, as on the built-in tables.
 */
export const CREATOR_COLUMN = 'createdBy';

function isCreatorField(f: FieldRow): boolean {
  return (
    f.columnName === CREATOR_COLUMN &&
    f.type === 'int' &&
    Number(f.primaryKey) !== 1 &&
    Number(f.autoIncrement) !== 1 &&
    !f.refTable &&
    !(f.options ?? '').trim() &&
    !f.nativeReadOnly
  );
}

/** A definition of sys_dataSheet with its live sys_tableFields, as a registry entry. */
export function sheetToTableDef(sheet: SheetRow, fields: FieldRow[], ignored: (reason: string) => void = () => {}): TableDef {
  if (!SQL_NAME_PATTERN.test(sheet.tableName)) throw new Error('the table name is not a plain identifier');
  if (RESERVED_PREFIX.test(sheet.tableName)) throw new Error('the table name has a reserved prefix');
  if (fields.length === 0) throw new Error('no columns');
  const columns: ColumnDef[] = [];
  let primaryKey: string | undefined;
  let softDelete = false;
  for (const f of fields) {
    if (!SQL_NAME_PATTERN.test(f.columnName)) throw new Error(`column ${f.columnName} is not a plain identifier`);
    if (!(COLUMN_TYPES as readonly string[]).includes(f.type)) throw new Error(`column ${f.columnName} has the unknown type ${f.type}`);
    const type = f.type as ColumnType;
    if (Number(f.primaryKey) === 1) {
      if (primaryKey) throw new Error('more than one primary key column');
      primaryKey = f.columnName;
    }
    // an isdelete column makes deletes soft, as on the built-in tables
    if (f.columnName === 'id' && primaryKey !== undefined && primaryKey !== 'id') throw new Error('a column named id must be the primary key');
    if (f.columnName === 'isdelete') {
      softDelete = true;
      continue;
    }
    if (isCreatorField(f)) {
      columns.push({
        name: f.columnName,
        type: 'int',
        serverFilled: true,
        creator: true,
        title: { zh: f.intro || '创建人', en: f.titleEn || (f.intro ? f.intro : 'Created by') },
        ui: { width: 100, form: false },
        ...(f.native ? { native: f.native } : {}),
      });
      continue;
    }
    const enumeration = parseEnum(f.options);
    const autoIncrement = Number(f.autoIncrement) === 1;
    let defaultValue: string | number | undefined;
    try {
      defaultValue = defaultOf(type, f.defaults);
    } catch (err) {
      if (!(err instanceof BadDefault)) throw err;
      ignored(`column ${f.columnName}: ${err.message}, ignored`);
    }
    columns.push({
      name: f.columnName,
      type,
      ...(type === 'nvarchar' ? { length: f.length ?? 50 } : {}),
      // a key the database does not number must be given (a save without it was the database's NOT NULL error, a 500)
      ...((Number(f.nonEmpty) === 1 || Number(f.primaryKey) === 1) && !autoIncrement && defaultValue === undefined ? { required: true } : {}),
      ...(defaultValue !== undefined ? { defaultValue } : {}),
      ...(autoIncrement || f.nativeReadOnly ? { readOnly: true } : {}),
      title: { zh: f.intro || f.columnName, en: f.titleEn || f.intro || f.columnName },
      ...(enumeration ? { enum: enumeration } : {}),
      ...(f.refTable ? { references: f.refTable, labelColumn: f.refLabel || 'name' } : {}),
      ...(enumeration || f.refTable ? { search: 'select' as const } : type === 'nvarchar' ? { search: 'input' as const } : {}),
      ...(type === 'ntext' ? { ui: { control: 'textarea' as const } } : {}),
      ...(f.native ? { native: f.native } : {}),
    });
  }
  const key = primaryKey ?? (fields.some((f) => f.columnName === 'id') ? 'id' : undefined);
  if (!key) throw new Error('no primary key column');
  return {
    flag: sheet.tableName,
    table: sheet.tableName,
    title: { zh: sheet.intro || sheet.tableName, en: sheet.titleEn || sheet.intro || sheet.tableName },
    source: Number(sheet.parentid),
    primaryKey: key,
    softDelete,
    dynamic: true,
    columns,
  };
}

/**
 * The tables operators defined and created (sys_dataSheet.created = 1) with their live columns, read
 * from the local database. A definition that cannot be served (a bad name, no key, a name a built-in
 * table or an earlier sheet already has) is skipped and reported, never half-registered.
 */
export async function loadRuntimeTables(
  db: AppDb,
  taken: (flag: string) => boolean,
): Promise<{ defs: TableDef[]; skipped: SkippedSheet[]; ignored: SkippedSheet[] }> {
  const sheets = (await db
    .selectFrom('sys_dataSheet')
    .select(['id', 'tableName', 'intro', 'titleEn', 'parentid', 'applied'])
    .where('isdelete', '=', 0)
    .where('created', '=', 1)
    .orderBy('id')
    .execute()) as SheetRow[];
  if (sheets.length === 0) return { defs: [], skipped: [], ignored: [] };
  const fields = (await db
    .selectFrom('sys_tableFields')
    .select([
      'id',
      'parentid',
      'columnName',
      'type',
      'length',
      'defaults',
      'primaryKey',
      'nonEmpty',
      'autoIncrement',
      'intro',
      'titleEn',
      'options',
      'refTable',
      'refLabel',
    ])
    .where('isdelete', '=', 0)
    .where(
      'parentid',
      'in',
      sheets.map((s) => s.id),
    )
    .orderBy('id')
    .execute()) as (FieldRow & { id: number })[];
  const defs: TableDef[] = [];
  const skipped: SkippedSheet[] = [];
  const ignored: SkippedSheet[] = [];
  const seen = new Set<string>();
  for (const sheet of sheets) {
    const lower = sheet.tableName.toLowerCase();
    if (taken(sheet.tableName) || seen.has(lower)) {
      skipped.push({ tableName: sheet.tableName, reason: 'the name is already used by another table' });
      continue;
    }
    try {
      const ignore = (reason: string) => ignored.push({ tableName: sheet.tableName, reason });
      defs.push(
        sheetToTableDef(
          sheet,
          appliedFields(
            sheet,
            fields.filter((f) => Number(f.parentid) === Number(sheet.id)),
          ),
          ignore,
        ),
      );
      seen.add(lower);
    } catch (err) {
      skipped.push({ tableName: sheet.tableName, reason: (err as Error).message });
    }
  }
  return { defs, skipped, ignored };
}
