import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';
import { builtinTables } from './builtin.ts';
import type { RegisteredColumn, RegisteredTable, TableDef } from './types.ts';

const implicitColumns: RegisteredColumn[] = [{ name: 'id', type: 'int', filterable: true, sortable: true }];

/** The tables the generic API serves: built-in ones and, once created, those defined by operators. */
export class TableRegistry {
  private readonly tables = new Map<string, RegisteredTable>();

  constructor(defs: TableDef[] = builtinTables) {
    for (const def of defs) this.register(def);
  }

  register(def: TableDef): RegisteredTable {
    const columns = new Map<string, RegisteredColumn>();
    for (const c of implicitColumns) columns.set(c.name, c);
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

  /** Resolves a column name (or an accepted alias) of a table, or a 400. */
  column(table: RegisteredTable, name: string): RegisteredColumn {
    const real = table.aliases?.[name] ?? name;
    const column = table.columns.get(real);
    if (!column || column.secret) throw badRequest('unknownColumn', { flag: table.flag, column: name.slice(0, 64) });
    return column;
  }

  flags(): string[] {
    return [...this.tables.keys()];
  }

  meta(flag: string): TableMeta {
    const table = this.get(flag);
    const columns: ColumnMeta[] = [...table.columns.values()]
      .filter((c) => !c.secret && c.name !== 'isdelete')
      .map((c) => ({
        name: c.name,
        type: c.type,
        ...(c.length ? { length: c.length } : {}),
        required: Boolean(c.required),
        filterable: c.filterable,
        sortable: c.sortable,
        ...(c.list ? { list: true } : {}),
        ...(c.references ? { references: c.references } : {}),
      }));
    return { flag: table.flag, softDelete: table.softDelete, columns };
  }
}
