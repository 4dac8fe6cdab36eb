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
}
