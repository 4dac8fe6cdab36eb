import { ownValue } from '@qb/contracts';
import type { ColumnMeta, ColumnReference, TableMeta } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';
import { builtinTables } from './builtin.ts';
import type { RegisteredColumn, RegisteredTable, TableDef } from './types.ts';

const implicitColumns: RegisteredColumn[] = [
  { name: 'id', type: 'int', filterable: true, sortable: true, title: { zh: 'ID', en: 'ID' }, ui: { list: false, form: false } },
];

/** The local database: the source of every built-in table (SPEC.md §9). */
export const LOCAL_SOURCE = 10000;

/** The tables the generic API serves: built-in ones and, once created, those defined by operators. */
export class TableRegistry {
  private readonly tables = new Map<string, RegisteredTable>();

  constructor(defs: TableDef[] = builtinTables) {
    for (const def of defs) this.register(def);
  }

  /**
   * Swaps the operator-defined tables for a new set (after a definition changed, here or on another
   * instance); built-in tables are never replaced.
   */
  replaceRuntime(defs: TableDef[]): void {
    for (const [flag, table] of this.tables) if (table.dynamic) this.tables.delete(flag);
    for (const def of defs) if (!this.tables.has(def.flag)) this.register({ ...def, dynamic: true });
  }

  /** Whether a built-in table already has this name (any case): an operator's table cannot take it. */
  isBuiltinName(name: string): boolean {
    const lower = name.toLowerCase();
    for (const table of this.tables.values()) if (!table.dynamic && (table.flag.toLowerCase() === lower || table.table.toLowerCase() === lower)) return true;
    return false;
  }

  register(def: TableDef): RegisteredTable {
    const columns = new Map<string, RegisteredColumn>();
    // built-in tables have an implicit id; an operator's table names its own key among its columns
    if (!def.dynamic) for (const c of implicitColumns) columns.set(c.name, c);
    for (const c of def.columns) {
      columns.set(c.name, {
        ...c,
        filterable: !c.secret,
        sortable: !c.secret && c.type !== 'ntext' && !c.list,
      });
    }
    if (def.softDelete) columns.set('isdelete', { name: 'isdelete', type: 'int', filterable: true, sortable: false, defaultValue: 0 });
    const table: RegisteredTable = {
      ...def,
      table: def.table ?? def.flag,
      source: def.source ?? LOCAL_SOURCE,
      primaryKey: def.primaryKey ?? 'id',
      columns,
      selectable: [...columns.values()].filter((c) => !c.secret && c.name !== 'isdelete').map((c) => c.name),
    };
    this.tables.set(def.flag, table);
    return table;
  }

  has(flag: string): boolean {
    return this.tables.has(flag);
  }

  /** The entry for a flag, or a 400 naming the unknown flag. */
  get(flag: unknown): RegisteredTable {
    if (typeof flag !== 'string' || flag === '') throw badRequest('badParam', { name: '_flag', reason: 'required' });
    const table = this.tables.get(flag);
    if (!table) throw badRequest('unknownFlag', { flag: flag.slice(0, 64) });
    return table;
  }

  /** Resolves a column name (or an accepted alias) of a table, or a 400; a write may name a write-only secret column. */
  column(table: RegisteredTable, name: string, use: 'read' | 'write' = 'read'): RegisteredColumn {
    const real = (table.aliases && ownValue(table.aliases, name)) ?? name;
    const column = table.columns.get(real);
    if (!column || (column.secret && !(use === 'write' && column.writeOnly)))
      throw badRequest('unknownColumn', { flag: table.flag, column: name.slice(0, 64) });
    return column;
  }

  flags(): string[] {
    return [...this.tables.keys()];
  }

  meta(flag: string): TableMeta {
    return this.metaOf(this.get(flag));
  }

  /** The metadata of a table as given: the registry's, or as a caller with field limits sees it (access/fieldRules.ts). */
  metaOf(table: RegisteredTable): TableMeta {
    const columns: ColumnMeta[] = [...table.columns.values()]
      .filter((c) => !c.secret && c.name !== 'isdelete')
      .map((c) => ({
        name: c.name,
        type: c.type,
        title: c.title ?? { zh: c.name, en: c.name },
        ...(c.length ? { length: c.length } : {}),
        required: Boolean(c.required),
        filterable: c.filterable,
        sortable: c.sortable,
        ...(c.defaultValue !== undefined ? { defaultValue: c.defaultValue } : {}),
        ...(c.serverFilled || c.readOnly ? { serverFilled: true } : {}),
        ...(c.creator ? { creator: true } : {}),
        ...(c.list ? { list: true } : {}),
        ...(c.references ? { references: c.references, reference: this.referenceOf(c) } : {}),
        ...(c.enum ? { enum: c.enum } : {}),
        ...(c.search ? { search: c.search } : {}),
        ...(c.ui ? { ui: c.ui } : {}),
      }));
    return {
      flag: table.flag,
      title: table.title,
      softDelete: table.softDelete,
      source: table.source,
      primaryKey: table.primaryKey,
      dynamic: Boolean(table.dynamic),
      ...(table.referable ? { referable: true } : {}),
      ...(table.readOnly ? { readOnly: true } : {}),
      ...(table.insertNeedsUnwritable ? { insertNeedsUnwritable: true } : {}),
      ...(table.defaultSort ? { defaultSort: table.defaultSort } : {}),
      ...(table.tree ? { tree: table.tree } : {}),
      columns,
    };
  }

  /** The table a reference column points at, the column shown for an id, and the tree column of that table if any. */
  referenceOf(column: RegisteredColumn): ColumnReference {
    const flag = column.references!;
    const target = this.tables.get(flag);
    const treeColumn = target?.tree?.parentColumn ?? (target ? [...target.columns.values()].find((c) => c.references === flag)?.name : undefined);
    return { flag, labelColumn: column.labelColumn ?? 'name', ...(treeColumn ? { treeColumn } : {}) };
  }
}
