import { SQL_NAME_PATTERN } from '@qb/contracts';
import type { SourceEngine } from '../datasources/engines.ts';
import { builtinTables } from '../schema/builtin.ts';
import { MYSQL_CHARSET, MYSQL_COLLATION } from '../db/charset.ts';

/** The logical column types of the data-table manager (SPEC §5, data table form). */
export type LogicalType = 'int' | 'nvarchar' | 'datetime' | 'float' | 'money' | 'image' | 'ntext';
export const LOGICAL_TYPES: readonly LogicalType[] = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'];
/** SPEC §9: a column's length when none is given */
export const DEFAULT_LENGTH = 50;

export interface DdlColumn {
  name: string;
  type: LogicalType;
  /** nvarchar only; DEFAULT_LENGTH when omitted */
  length?: number;
  primaryKey?: boolean;
  notNull?: boolean;
  autoIncrement?: boolean;
  /** 默认值 as the column grid holds it (text); written as the column's DEFAULT */
  defaultValue?: string;
}

export interface DdlTable {
  name: string;
  columns: DdlColumn[];
}

/** A name refused before any SQL is written; `reason` says why (zh-CN, en-US). */
export class DdlNameError extends Error {
  constructor(
    readonly subject: string,
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${en}: ${JSON.stringify(subject)}`);
  }
}

/** prefixes of system objects on the five engines and of this product's own tables */
export const SYSTEM_PREFIXES = ['sys', 'pg_', 'sqlite_', 'mysql_', 'information_schema', 'performance_schema', 'kysely_'];

/**
 * Reserved words of SQLite, PostgreSQL, MySQL/MariaDB, SQL Server and Oracle (union of the
 * engines' reserved — not merely keyword — lists), lower case.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  `abort accessible action add after all alter always analyze and any array as asc asensitive asymmetric attach audit authorization autoincrement backup before begin between bigint binary blob both break browse bulk by call cascade case cast char character check checkpoint close cluster clustered coalesce collate column comment commit compress compute concurrently condition connect constraint constraints contains containstable continue convert create cross current current_catalog current_date current_role current_schema current_time current_timestamp current_user cursor database databases date day_hour day_microsecond day_minute day_second dbcc deallocate dec decimal declare default deferrable deferred delayed delete deny desc describe detach deterministic disk distinct distinctrow distributed div do double drop dual dump each else elseif enclosed end errlvl escape escaped except exclusive exec execute exists exit explain false fetch file fillfactor filter first float float4 float8 following for force foreign freetext freetexttable freeze from full fulltext function generated get glob goto grant group groups having high_priority holdkey hour_microsecond hour_minute hour_second identified identity identity_insert identitycol if ignore ilike immediate in increment index infile initial initially inner inout insensitive insert int int1 int2 int3 int4 int8 integer intersect interval into is isnull iterate join key keys kill lateral leading leave left level like limit linear lineno lines load localtime localtimestamp lock long longblob longtext loop low_priority master_ssl_verify_server_cert match materialized maxextents maxvalue mediumblob mediumint mediumtext merge middleint minus minute_microsecond minute_second mlslabel mod mode modifies modify national natural noaudit nocheck nocompress nonclustered not nothing notnull nowait no_write_to_binlog null nullif nulls number numeric of off offline offset offsets on online only open opendatasource openquery openrowset openxml optimize optimizer_costs option optionally or order others out outer outfile over overlaps partition percent pivot placing plan plan pragma preceding precision primary print prior privileges proc procedure public purge query raise raiserror range raw read reads readtext read_write real reconfigure recursive references regexp reindex release rename repeat replace replication require resignal resource restore restrict return returning revert revoke right rlike rollback row rowcount rowguidcol rowid rownum rows rule save savepoint schema schemas second_microsecond securityaudit select semantickeyphrasetable semanticsimilaritydetailstable semanticsimilaritytable sensitive separator session session_user set setuser share show shutdown signal similar size smallint some spatial specific sql sqlexception sqlstate sqlwarning sql_big_result sql_calc_found_rows sql_small_result ssl start starting statistics stored straight_join successful symmetric synonym system_user table tablesample temp temporary terminated textsize then ties to top trailing tran transaction trigger true truncate try_convert tsequal unbounded undo union unique unlock unpivot unsigned update updatetext usage use user using utc_date utc_time utc_timestamp vacuum validate values varbinary varchar varchar2 varcharacter variadic varying verbose view virtual waitfor when whenever where while window with within without write writetext xor year_month zerofill`.split(
    /\s+/,
  ),
);

const builtinNames = (): Set<string> => new Set(builtinTables.flatMap((t) => [t.flag.toLowerCase(), (t.table ?? t.flag).toLowerCase()]));

/**
 * Checks a table or column name before it goes into SQL: the pattern, no reserved word of any of
 * the five engines, no system prefix; for a table also not one of the built-in tables.
 */
export function checkName(name: unknown, kind: 'table' | 'column'): string {
  const what = kind === 'table' ? ['表名', 'table name'] : ['字段名', 'column name'];
  if (typeof name !== 'string' || name === '') throw new DdlNameError(String(name ?? ''), `${what[0]}不能为空`, `the ${what[1]} is empty`);
  if (!SQL_NAME_PATTERN.test(name))
    throw new DdlNameError(
      name,
      `${what[0]}须以英文字母开头，只含英文字母、数字和下划线，最长 63 个字符`,
      `a ${what[1]} starts with a letter and has only letters, digits and _ (at most 63 characters)`,
    );
  const lower = name.toLowerCase();
  if (RESERVED_WORDS.has(lower)) throw new DdlNameError(name, `${what[0]}是数据库保留字`, `the ${what[1]} is a reserved word of a database engine`);
  if (kind === 'table') {
    if (SYSTEM_PREFIXES.some((p) => lower.startsWith(p)))
      throw new DdlNameError(name, `${what[0]}不能以系统前缀开头`, `the ${what[1]} starts with a system prefix`);
    if (builtinNames().has(lower)) throw new DdlNameError(name, `${what[0]}与系统内置表重名`, `the ${what[1]} is a built-in table`);
  }
  return name;
}

/** Quotes a checked name for the engine. */
export function quote(engine: SourceEngine, name: string): string {
  if (engine === 'mysql') return `\`${name}\``;
  if (engine === 'mssql') return `[${name}]`;
  return `"${name}"`;
}

/** The physical type of a logical one on each engine (docs/datasources.md, type mapping). */
export function physicalType(engine: SourceEngine, col: Pick<DdlColumn, 'type' | 'length'>): string {
  const len = checkLength(col);
  switch (col.type) {
    case 'int':
      return { sqlite: 'INTEGER', postgres: 'INTEGER', mysql: 'INT', mssql: 'INT', oracle: 'NUMBER(10)' }[engine];
    case 'nvarchar':
      return { sqlite: `VARCHAR(${len})`, postgres: `VARCHAR(${len})`, mysql: `VARCHAR(${len})`, mssql: `NVARCHAR(${len})`, oracle: `NVARCHAR2(${len})` }[
        engine
      ];
    case 'datetime':
      return { sqlite: 'TEXT', postgres: 'TIMESTAMP', mysql: 'DATETIME', mssql: 'DATETIME2', oracle: 'TIMESTAMP' }[engine];
    case 'float':
      return { sqlite: 'REAL', postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', mssql: 'FLOAT', oracle: 'BINARY_DOUBLE' }[engine];
    case 'money':
      return { sqlite: 'NUMERIC', postgres: 'NUMERIC(19,4)', mysql: 'DECIMAL(19,4)', mssql: 'DECIMAL(19,4)', oracle: 'NUMBER(19,4)' }[engine];
    case 'image':
      return { sqlite: 'BLOB', postgres: 'BYTEA', mysql: 'LONGBLOB', mssql: 'VARBINARY(MAX)', oracle: 'BLOB' }[engine];
    case 'ntext':
      return { sqlite: 'TEXT', postgres: 'TEXT', mysql: 'LONGTEXT', mssql: 'NVARCHAR(MAX)', oracle: 'NCLOB' }[engine];
    default:
      throw new DdlNameError(String((col as { type: unknown }).type), '字段类型不正确', `unknown column type (expected ${LOGICAL_TYPES.join(', ')})`);
  }
}

function checkLength(col: Pick<DdlColumn, 'type' | 'length'>): number {
  const len = col.length ?? DEFAULT_LENGTH;
  if (col.type === 'nvarchar' && (!Number.isInteger(len) || len < 1 || len > 2000))
    throw new DdlNameError(String(len), '字段长度须为 1–2000 的整数', 'the length is an integer 1–2000');
  return len;
}

const NUMBER_LITERAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const DATETIME_LITERAL = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;

/**
 * ` DEFAULT <literal>` for a column's 默认值, or '' for none (an image column takes none, an auto-increment column
 * has its own). A number column's default must be a number, a datetime's a date; a text is quoted as a literal.
 */
export function defaultSql(engine: SourceEngine, col: DdlColumn): string {
  const raw = col.defaultValue;
  if (raw === undefined || raw === null || String(raw).trim() === '' || col.autoIncrement || col.type === 'image') return '';
  const text = String(raw).trim();
  if (col.type === 'int' || col.type === 'float' || col.type === 'money') {
    const integer = col.type !== 'int' || /^[-+]?\d+$/.test(text);
    if (!NUMBER_LITERAL.test(text) || !integer)
      throw new DdlNameError(
        text,
        col.type === 'int' ? `字段 ${col.name} 的默认值须为整数` : `字段 ${col.name} 的默认值须为数字`,
        `the default of ${col.name} must be ${col.type === 'int' ? 'an integer' : 'a number'}`,
      );
    return ` DEFAULT ${text.replace(/^\+/, '')}`;
  }
  if (col.type === 'datetime') {
    if (/^current_timestamp$/i.test(text)) return ' DEFAULT CURRENT_TIMESTAMP';
    if (!DATETIME_LITERAL.test(text))
      throw new DdlNameError(
        text,
        `字段 ${col.name} 的默认值须为日期时间（2024-01-31 08:00:00）`,
        `the default of ${col.name} must be a date and time (2024-01-31 08:00:00)`,
      );
    return engine === 'oracle' ? ` DEFAULT TIMESTAMP '${text.length === 10 ? `${text} 00:00:00` : text}'` : ` DEFAULT '${text}'`;
  }
  if (col.type === 'nvarchar' && String(raw).length > checkLength(col))
    throw new DdlNameError(text, `字段 ${col.name} 的默认值长于字段长度`, `the default of ${col.name} is longer than the column`);
  // a text: quotes doubled; MySQL also reads backslashes as escapes
  let literal = `'${String(raw).replace(/'/g, "''")}'`;
  if (engine === 'mysql') literal = literal.replace(/\\/g, '\\\\');
  if (engine === 'mssql') literal = `N${literal}`;
  // MySQL 8 takes a text column's default only as an expression (MariaDB takes both)
  return engine === 'mysql' && col.type === 'ntext' ? ` DEFAULT (${literal})` : ` DEFAULT ${literal}`;
}

function columnSql(engine: SourceEngine, col: DdlColumn, singlePk: boolean): string {
  let s = `${quote(engine, col.name)} ${physicalType(engine, col)}`;
  if (col.autoIncrement) {
    if (col.type !== 'int') throw new DdlNameError(col.name, '只有 int 字段可以自增', 'only an int column can auto-increment');
    if (engine === 'sqlite') return `${quote(engine, col.name)} INTEGER PRIMARY KEY AUTOINCREMENT`;
    if (engine === 'postgres') s = `${quote(engine, col.name)} INTEGER GENERATED BY DEFAULT AS IDENTITY`;
    else if (engine === 'mysql') s += ' AUTO_INCREMENT';
    else if (engine === 'mssql') s += ' IDENTITY(1,1)';
    else s = `${quote(engine, col.name)} NUMBER(10) GENERATED BY DEFAULT AS IDENTITY`;
  }
  s += defaultSql(engine, col);
  if (col.notNull || col.primaryKey) s += ' NOT NULL';
  if (col.primaryKey && singlePk) s += ' PRIMARY KEY';
  return s;
}

/** Validates a whole table definition: names, duplicate columns, at most one auto-increment column (a key). */
export function checkTable(table: DdlTable): void {
  checkName(table.name, 'table');
  if (!Array.isArray(table.columns) || table.columns.length === 0) throw new DdlNameError(table.name, '至少需要一个字段', 'a table needs at least one column');
  const seen = new Set<string>();
  for (const c of table.columns) {
    checkName(c.name, 'column');
    const lower = c.name.toLowerCase();
    if (seen.has(lower)) throw new DdlNameError(c.name, '字段名重复', 'duplicate column name');
    seen.add(lower);
    physicalType('sqlite', c);
  }
  const auto = table.columns.filter((c) => c.autoIncrement);
  if (auto.length > 1) throw new DdlNameError(table.name, '只能有一个自增字段', 'at most one auto-increment column');
  if (auto.length === 1 && !(auto[0].primaryKey && table.columns.filter((c) => c.primaryKey).length === 1))
    throw new DdlNameError(auto[0].name, '自增字段必须是唯一的主键', 'the auto-increment column must be the only primary key');
}

/** CREATE TABLE for one engine; names checked and quoted. */
export function createTableSql(engine: SourceEngine, table: DdlTable): string {
  checkTable(table);
  const pks = table.columns.filter((c) => c.primaryKey);
  const lines = table.columns.map((c) => '  ' + columnSql(engine, c, pks.length === 1));
  if (pks.length > 1) lines.push(`  PRIMARY KEY (${pks.map((c) => quote(engine, c.name)).join(', ')})`);
  // MySQL/MariaDB: utf8mb4 whatever the database's default (latin1 on a bare MariaDB), in the app's collation
  const options = engine === 'mysql' ? ` DEFAULT CHARSET=${MYSQL_CHARSET} COLLATE=${MYSQL_COLLATION}` : '';
  return `CREATE TABLE ${quote(engine, table.name)} (\n${lines.join(',\n')}\n)${options}`;
}

/** ALTER TABLE … ADD for a column added to a created table (no key or auto-increment: those need a rebuild). */
export function addColumnSql(engine: SourceEngine, tableName: string, col: DdlColumn): string {
  checkName(tableName, 'table');
  checkName(col.name, 'column');
  if (col.primaryKey || col.autoIncrement)
    throw new DdlNameError(col.name, '已建的表不能再加主键或自增字段', 'a key or auto-increment column cannot be added to a created table');
  if (col.notNull)
    throw new DdlNameError(
      col.name,
      '已有数据的表不能加非空字段（没有默认值）',
      'a NOT NULL column without a default cannot be added to a table that may hold rows',
    );
  const kw = engine === 'mssql' || engine === 'oracle' ? 'ADD' : 'ADD COLUMN';
  const def = `${quote(engine, col.name)} ${physicalType(engine, col)}${defaultSql(engine, col)}`;
  return engine === 'oracle' ? `ALTER TABLE ${quote(engine, tableName)} ADD (${def})` : `ALTER TABLE ${quote(engine, tableName)} ${kw} ${def}`;
}

/** Whether a change of type/length keeps every value; the reason when it does not. */
export function lossReason(from: Pick<DdlColumn, 'type' | 'length'>, to: Pick<DdlColumn, 'type' | 'length'>): { zh: string; en: string } | null {
  if (from.type === to.type) {
    if (from.type !== 'nvarchar') return null;
    const a = from.length ?? DEFAULT_LENGTH;
    const b = to.length ?? DEFAULT_LENGTH;
    return b >= a ? null : { zh: `长度从 ${a} 缩短到 ${b} 可能截断数据`, en: `shortening the length from ${a} to ${b} could truncate values` };
  }
  const widening: Record<string, LogicalType[]> = {
    int: ['float', 'money', 'nvarchar', 'ntext'],
    float: ['ntext'],
    money: ['float', 'ntext'],
    nvarchar: ['ntext'],
    datetime: [],
    image: [],
    ntext: [],
  };
  if (widening[from.type]?.includes(to.type)) {
    if (from.type === 'int' && to.type === 'nvarchar' && (to.length ?? DEFAULT_LENGTH) < 11)
      return { zh: '长度不足以存放所有整数', en: 'the length is too short for every integer' };
    return null;
  }
  return { zh: `字段类型从 ${from.type} 改为 ${to.type} 可能丢失数据`, en: `changing the type from ${from.type} to ${to.type} could lose data` };
}

/**
 * ALTER for a type/length change, or a DdlNameError with the reason when data could be lost or the
 * engine cannot alter a column in place (SQLite).
 */
export function alterColumnSql(engine: SourceEngine, tableName: string, from: DdlColumn, to: DdlColumn): string {
  checkName(tableName, 'table');
  checkName(to.name, 'column');
  const loss = lossReason(from, to);
  if (loss) throw new DdlNameError(to.name, loss.zh, loss.en);
  const t = quote(engine, tableName);
  const c = quote(engine, to.name);
  const type = physicalType(engine, to);
  const nn = to.notNull || to.primaryKey;
  switch (engine) {
    case 'sqlite':
      throw new DdlNameError(to.name, 'SQLite 不能修改已有字段的类型或长度', 'SQLite cannot change the type or length of an existing column');
    case 'postgres':
      return `ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${type}`;
    case 'mysql':
      return `ALTER TABLE ${t} MODIFY COLUMN ${c} ${type}${nn ? ' NOT NULL' : ' NULL'}`;
    case 'mssql':
      return `ALTER TABLE ${t} ALTER COLUMN ${c} ${type}${nn ? ' NOT NULL' : ' NULL'}`;
    case 'oracle':
      if ((from.type === 'nvarchar' || from.type === 'int' || from.type === 'money' || from.type === 'float') && to.type === 'ntext')
        throw new DdlNameError(to.name, 'Oracle 不能把已有字段改为大文本类型', 'Oracle cannot change an existing column to a large-text type');
      return `ALTER TABLE ${t} MODIFY (${c} ${type})`;
  }
}
