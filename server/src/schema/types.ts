import type { ColumnDef, TableDef } from '@qb/contracts/pages';

/** A table's and a column's declaration: in the contracts, where the built-in ones are declared with their pages. */
export type { ColumnDef, TableDef };

export interface RegisteredColumn extends ColumnDef {
  filterable: boolean;
  sortable: boolean;
}

export interface RegisteredTable extends Omit<TableDef, 'columns' | 'table' | 'source' | 'primaryKey'> {
  table: string;
  source: number;
  primaryKey: string;
  columns: Map<string, RegisteredColumn>;
  /** columns a select answers, in order (secret ones left out) */
  selectable: string[];
  /**
   * Set on a table as a caller with field rules sees it (access/fieldRules.ts) when a column a new row must be given
   * (required, no default, not the server's) is hidden from it or read-only: it cannot add rows (403), and the refusal
   * names no hidden column.
   */
  insertNeedsUnwritable?: true;
}
