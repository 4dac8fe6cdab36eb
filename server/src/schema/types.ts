import type { ColumnType } from '@qb/contracts';

export interface ColumnDef {
  name: string;
  type: ColumnType;
  /** nvarchar length; default 50 as in the data-table manager */
  length?: number;
  required?: boolean;
  defaultValue?: string | number;
  /** never selected, filtered or sorted (a password hash) */
  secret?: boolean;
  /** a list of values stored comma-joined and answered as a list */
  list?: boolean;
  /** flag of the table this column points to */
  references?: string;
  /** filled by the server (createTime); ignored when a client sends it */
  serverFilled?: boolean;
  /** an int column that may arrive as a cascader path (JSON array string): the last element is used */
  cascader?: boolean;
}

export interface TableDef {
  flag: string;
  /** physical table name; the flag when omitted */
  table?: string;
  title: string;
  columns: ColumnDef[];
  /** has isdelete: deletes are soft and lists exclude deleted rows */
  softDelete: boolean;
  /** other spellings accepted for a column (sys_role: parentid -> parentId) */
  aliases?: Record<string, string>;
  /** column lists of secondary indexes */
  indexes?: string[][];
  /** defined by an operator in the data-table manager (not built in) */
  dynamic?: boolean;
}

export interface RegisteredColumn extends ColumnDef {
  filterable: boolean;
  sortable: boolean;
}

export interface RegisteredTable extends Omit<TableDef, 'columns' | 'table'> {
  table: string;
  columns: Map<string, RegisteredColumn>;
  /** columns a select answers, in order (secret ones left out) */
  selectable: string[];
}
