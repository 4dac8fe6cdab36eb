import { sql } from 'kysely';
import type { SourceHandle } from '../datasources/index.ts';
import { type DdlColumn, DEFAULT_LENGTH, type LogicalType } from './ddl.ts';
import { badRequest } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { readBackKind } from '../schema/nativeTypes.ts';

/** The app's own tables and the engines' catalogues: never offered as a source's table on the local database. */
const APP_PREFIX = /^(sys_|kysely_|sqlite_)/i;

/** The user tables of a source (the local database without the app's own tables), sorted by name. */
export async function listTables(source: SourceHandle, registry: TableRegistry): Promise<string[]> {
  let names: string[];
  switch (source.engine) {
    case 'sqlite':
      // ordinary tables only: not the FTS5 search tables of migration 0007 nor their shadow tables
      names = (await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table'`.execute(source.db)).rows.map(
        (r) => r.name,
      );
      break;
    case 'postgres':
      names = (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(source.db)
      ).rows.map((r) => r.name);
      break;
    case 'mysql':
      names = (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'`.execute(source.db)
      ).rows.map((r) => String(r.name ?? (r as Record<string, unknown>).NAME ?? (r as Record<string, unknown>).TABLE_NAME));
      break;
    case 'mssql':
      names = (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = schema_name() and table_type = 'BASE TABLE'`.execute(source.db)
      ).rows.map((r) => r.name);
      break;
    default:
      throw badRequest('readBackUnsupported', { engine: source.engine });
  }
  if (source.local) names = names.filter((n) => !APP_PREFIX.test(n) && !registry.isBuiltinName(n));
  return names.sort((a, b) => a.localeCompare(b));
}

/** A physical type read from the catalogue, as one of the seven logical types (and its length). */
export function logicalTypeOf(dataType: string, length: number | null): { type: LogicalType; length?: number } {
  const t = dataType.toLowerCase().trim();
  const base = t.replace(/\(.*$/, '').trim();
  const declared = length ?? (/\((\d+)\)/.exec(t) ? Number(/\((\d+)\)/.exec(t)![1]) : null);
  if (/^(tiny|small|medium|big)?int(eger)?[248]?$|^(small|big)?serial$|^int[248]$/.test(base)) return { type: 'int' };
  if (/^(n?var)?char(acter)?( varying)?$|^n?varchar2?$|^nchar$/.test(base)) {
    if (declared === null || declared < 1 || declared > 2000) return { type: 'ntext' };
    return { type: 'nvarchar', length: declared };
  }
  if (/^(datetime2?|timestamp.*|date|time.*|smalldatetime|datetimeoffset)$/.test(base)) return { type: 'datetime' };
  if (/^(real|float[48]?|double( precision)?|binary_double|binary_float)$/.test(base)) return { type: 'float' };
  if (/^(numeric|decimal|money|smallmoney|number)$/.test(base)) return { type: 'money' };
  if (/^(blob|longblob|mediumblob|tinyblob|bytea|varbinary|binary|image)$/.test(base)) return { type: 'image' };
  return { type: 'ntext' };
}

interface RawColumn {
  name: string;
  dataType: string;
  length: number | null;
  nullable: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
  /** the engine's own type, lower case: 'bigint', 'uuid', 'jsonb', 'int4[]', 'enum', 'int unsigned'… */
  native: string;
  /** the values of an enum column */
  enumValues?: string[];
}

/** A read-back column: the DDL column with the engine's own type, stored in the applied snapshot (the registry reads it). */
export interface ReadBackColumn extends DdlColumn {
  native?: string;
  /** listed as the engine's text and never written (nativeTypes.ts): binary data, MySQL geometry */
  readOnly?: boolean;
  /** what the page offers and the save accepts: an enum's values, a boolean's 0 and 1 (sys_tableFields.options) */
  options?: { value: string | number; zh: string; en: string }[];
}

/** MySQL's column_type of an enum or a set: enum('a','b''c') -> ['a', "b'c"]. */
function mysqlEnumValues(columnType: string): string[] {
  const body = /^(?:enum|set)\((.*)\)$/i.exec(columnType.trim())?.[1] ?? '';
  return [...body.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

async function rawColumns(source: SourceHandle, tableName: string): Promise<RawColumn[]> {
  const db = source.db;
  switch (source.engine) {
    case 'sqlite': {
      const info = (await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${tableName})`.execute(db)).rows;
      const pks = info.filter((c) => c.pk > 0);
      return info.map((c) => ({
        name: c.name,
        dataType: c.type || 'text',
        length: null,
        native: (c.type || 'text').toLowerCase(),
        nullable: c.notnull === 0,
        primaryKey: c.pk > 0,
        // an INTEGER PRIMARY KEY alone is the rowid: numbered by SQLite
        autoIncrement: c.pk > 0 && pks.length === 1 && /^integer$/i.test(c.type),
      }));
    }
    case 'postgres': {
      const cols = (
        await sql<{
          name: string;
          data_type: string;
          udt_name: string;
          len: number | null;
          is_nullable: string;
          is_identity: string;
          column_default: string | null;
        }>`
          select column_name as name, data_type, udt_name, character_maximum_length as len, is_nullable, is_identity, column_default
          from information_schema.columns where table_schema = current_schema() and table_name = ${tableName} order by ordinal_position`.execute(db)
      ).rows;
      const enums = new Map<string, string[]>();
      for (const c of cols.filter((c) => c.data_type === 'USER-DEFINED')) {
        const labels = (
          await sql<{ label: string }>`
            select e.enumlabel as label from pg_catalog.pg_enum e join pg_catalog.pg_type t on t.oid = e.enumtypid
            where t.typname = ${c.udt_name} and pg_catalog.pg_type_is_visible(t.oid) order by e.enumsortorder`.execute(db)
        ).rows.map((r) => r.label);
        if (labels.length > 0) enums.set(c.name, labels);
      }
      const pk = new Set(
        (
          await sql<{ name: string }>`
            select k.column_name as name from information_schema.table_constraints c
            join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
            where c.constraint_type = 'PRIMARY KEY' and c.table_schema = current_schema() and c.table_name = ${tableName}`.execute(db)
        ).rows.map((r) => r.name),
      );
      return cols.map((c) => ({
        name: c.name,
        dataType: enums.has(c.name) ? 'enum' : c.data_type,
        length: c.len === null ? null : Number(c.len),
        native: enums.has(c.name)
          ? 'enum'
          : c.data_type === 'ARRAY'
            ? `${c.udt_name.replace(/^_/, '')}[]`
            : c.data_type === 'USER-DEFINED'
              ? c.udt_name
              : c.data_type.toLowerCase(),
        ...(enums.has(c.name) ? { enumValues: enums.get(c.name)! } : {}),
        nullable: c.is_nullable === 'YES',
        primaryKey: pk.has(c.name),
        autoIncrement: c.is_identity === 'YES' || /^nextval\(/.test(c.column_default ?? ''),
      }));
    }
    case 'mysql': {
      const cols = (
        await sql<Record<string, unknown>>`
          select column_name as name, data_type as dt, column_type as ct, character_maximum_length as len, is_nullable as nl, column_key as ck, extra as ex
          from information_schema.columns where table_schema = database() and table_name = ${tableName} order by ordinal_position`.execute(db)
      ).rows;
      return cols.map((c) => ({
        name: String(c.name),
        dataType: String(c.dt),
        length: c.len === null || c.len === undefined ? null : Number(c.len),
        nullable: c.nl === 'YES',
        primaryKey: c.ck === 'PRI',
        native: `${String(c.dt).toLowerCase()}${/unsigned/i.test(String(c.ct ?? '')) ? ' unsigned' : ''}`,
        ...(/^enum$/i.test(String(c.dt)) ? { enumValues: mysqlEnumValues(String(c.ct ?? '')) } : {}),
        autoIncrement: /auto_increment/i.test(String(c.ex ?? '')),
      }));
    }
    case 'mssql': {
      const cols = (
        await sql<Record<string, unknown>>`
          select c.column_name as name, c.data_type as dt, c.character_maximum_length as len, c.is_nullable as nl,
            columnproperty(object_id(c.table_schema + '.' + c.table_name), c.column_name, 'IsIdentity') as ident,
            (select count(*) from information_schema.table_constraints tc join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name
              where tc.constraint_type = 'PRIMARY KEY' and tc.table_name = c.table_name and tc.table_schema = c.table_schema and k.column_name = c.column_name) as pk
          from information_schema.columns c where c.table_schema = schema_name() and c.table_name = ${tableName} order by c.ordinal_position`.execute(db)
      ).rows;
      return cols.map((c) => ({
        name: String(c.name),
        dataType: String(c.dt),
        length: c.len === null || c.len === undefined || Number(c.len) < 0 ? null : Number(c.len),
        native: String(c.dt).toLowerCase(),
        nullable: c.nl === 'YES',
        primaryKey: Number(c.pk) > 0,
        autoIncrement: Number(c.ident) === 1,
      }));
    }
    default:
      throw badRequest('readBackUnsupported', { engine: source.engine });
  }
}

const BOOLEAN_OPTIONS = [
  { value: 0, zh: '否', en: 'No' },
  { value: 1, zh: '是', en: 'Yes' },
];

/**
 * The real table's columns as DDL columns (logical types) with their engine types; an empty list when the table does
 * not exist. Beyond logicalTypeOf: a uuid is nvarchar(36); a boolean an int offering 0 and 1; an enum (PostgreSQL
 * or MySQL) an nvarchar as long as its longest value, offering its values; json, arrays and sets stay ntext; the
 * engine types of nativeTypes.ts as it says (times as text, binary data read-only).
 */
export async function readColumns(source: SourceHandle, tableName: string): Promise<ReadBackColumn[]> {
  return (await rawColumns(source, tableName)).map((c) => {
    let { type, length } = logicalTypeOf(c.dataType, c.length);
    const kind = readBackKind(source.engine, c.native);
    if (kind) [type, length] = [kind.type, kind.length];
    let options: ReadBackColumn['options'];
    if (c.native === 'uuid') [type, length] = ['nvarchar', 36];
    if (/^(boolean|bool)$/.test(c.native)) [type, length, options] = ['int', undefined, BOOLEAN_OPTIONS];
    if (c.enumValues && c.enumValues.length > 0) {
      const longest = Math.max(1, ...c.enumValues.map((v) => [...v].length));
      [type, length] = longest <= 2000 ? ['nvarchar', longest] : ['ntext', undefined];
      options = c.enumValues.map((v) => ({ value: v, zh: v, en: v }));
    }
    const col: ReadBackColumn = { name: c.name, type, native: c.native };
    if (type === 'nvarchar') col.length = length ?? DEFAULT_LENGTH;
    if (c.primaryKey) col.primaryKey = true;
    if (!c.nullable && !c.primaryKey) col.notNull = true;
    if (c.autoIncrement && type === 'int') col.autoIncrement = true;
    if (options) col.options = options;
    if (kind?.readOnly) col.readOnly = true;
    return col;
  });
}
