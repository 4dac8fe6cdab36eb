import type { ColumnType } from '../core/entities.ts';
import type { ColumnSearch, ColumnUi, EnumValue, Texts } from '../api/types.ts';

/** A column of a built-in table (declared with its page, resources/*.ts) or of an operator's table (read from its definition). */
export interface ColumnDef {
  name: string;
  type: ColumnType;
  /** the column's title in both languages (list header, form label, export header) */
  title?: Texts;
  /** the only values a save may store (an unknown one is a 400), with their labels */
  enum?: EnumValue[];
  /** the column of the referenced table a page and an export show for an id (default name) */
  labelColumn?: string;
  /** how the search bar offers the column; absent: not offered */
  search?: ColumnSearch;
  /** presentation hints a generated page follows (width, hidden, form control) */
  ui?: ColumnUi;
  /** nvarchar length; default 50 as in the data-table manager */
  length?: number;
  required?: boolean;
  defaultValue?: string | number;
  /** never selected, filtered or sorted (a password hash) */
  secret?: boolean;
  /** a secret column a save may write (a data source's password: the table's hook encrypts it) */
  writeOnly?: boolean;
  /** a list of values stored comma-joined and answered as a list */
  list?: boolean;
  /** flag of the table this column points to */
  references?: string;
  /** filled by the server (createTime); ignored when a client sends it */
  serverFilled?: boolean;
  /** with serverFilled: the account that inserts the row, not the time (createdBy) */
  creator?: boolean;
  /** kept by the server (a sheet's created flag): ignored when a client sends it, the default on insert */
  readOnly?: boolean;
  /** an int column that may arrive as a cascader path (JSON array string): the last element is used */
  cascader?: boolean;
  /** the engine's own type of a column read back from a source (bigint, uuid, json, int[]…), lower case */
  native?: string;
}

export interface TableDef {
  flag: string;
  /** physical table name; the flag when omitted */
  table?: string;
  title: Texts;
  /** the data source the table lives in (10000: the local database) */
  source?: number;
  /** the primary key column (default id) */
  primaryKey?: string;
  /** the order a page lists rows in when the user has not chosen one */
  defaultSort?: { column: string; direction: 'asc' | 'desc' };
  /** rows form a tree by this column of the same table (lazy: children loaded on expand; client: all rows read) */
  tree?: { parentColumn: string; mode: 'lazy' | 'client' };
  columns: ColumnDef[];
  /** has isdelete: deletes are soft and lists exclude deleted rows */
  softDelete: boolean;
  /** other spellings accepted for a column (sys_role: parentid -> parentId) */
  aliases?: Record<string, string>;
  /** column lists of secondary indexes */
  indexes?: string[][];
  /** defined by an operator in the data-table manager (not built in) */
  dynamic?: boolean;
  /**
   * the service that owns this table's writes (sys_user: the account service); the generic save,
   * delete and master-slave calls refuse the table, whatever the caller
   */
  writtenBy?: string;
  /** rows no page may add, edit, delete or import (written only by the server: the audit logs) */
  readOnly?: boolean;
  /**
   * one of the back-office's own tables (accounts, roles, menus, sources, definitions, logs, settings): no form
   * definition binds to it (boundForms/binding.ts). Business tables (sys_member, questionBank…) take forms.
   */
  system?: boolean;
  /**
   * 'administrators': only an administrator changes these rows, through whatever route, whatever the grants of a
   * role say (accounts: roles, passwords and the last administrator are an administrator's matter; access/index.ts)
   */
  writers?: 'administrators';
  /**
   * a built-in content table an operator's table on the local database may reference (a column's refTable): a role
   * granted that table's page then sees this table's rows for labels and dropdowns (schema/references.ts)
   */
  referable?: boolean;
}

/**
 * A built-in table as its page declares it: a `TableDef` and the migration step that creates it.
 * `createdIn` names that step (`'0018_exam_room'`): the server's migration list runs it in name order and it makes the
 * table from this declaration, on every engine (server/src/db/builtinTables.ts). Absent: one of the tables the first
 * releases' frozen migrations made (0001_initial, 0003_access). docs/architecture.md "A built-in resource".
 */
export interface BuiltinTableDef extends TableDef {
  createdIn?: `${number}_${string}`;
}
