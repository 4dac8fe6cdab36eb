import { LOCAL_SOURCE, type TableRegistry } from './registry.ts';
import type { ColumnDef, RegisteredTable, TableDef } from './types.ts';

/** Why a reference is refused, in both languages. */
export interface ReferenceRefusal {
  zh: string;
  en: string;
}

/** The facts of a referencing table the rule needs (a registered table, a definition, or a sheet not created yet). */
interface Referrer {
  flag: string;
  source?: number;
  dynamic?: boolean;
}

/** The facts of a referenced table the rule needs. */
type Referenced = Pick<TableDef, 'flag' | 'dynamic' | 'referable' | 'source'>;

/**
 * The one rule for references between tables (issue 17 #1). A reference makes the referenced rows readable to every
 * role granted the referencing table's page (labels and dropdowns, access/grants.ts), so a reference may point only at:
 * - the table itself (a tree);
 * - another operator's table on the same data source;
 * - from a table on the local database, a built-in table marked `referable` (subjects, categories, questions).
 * Never at a system table (accounts, logs, data sources, roles, menus…) and never across data sources. Built-in tables
 * that show a system table's labels (a bill flow's member) declare that table on their page instead (access/pages.ts).
 */
export function referenceRefusal(from: Referrer, target: Referenced | undefined): ReferenceRefusal | undefined {
  if (target && target.flag === from.flag) return undefined;
  if (!target) return { zh: '引用的表不存在或尚未建表', en: 'the referenced table does not exist or is not created yet' };
  const fromSource = from.source ?? LOCAL_SOURCE;
  if (target.dynamic) {
    if (!from.dynamic) return { zh: '内置表不能引用自定义表', en: 'a built-in table cannot reference an operator table' };
    if ((target.source ?? LOCAL_SOURCE) !== fromSource) return { zh: '不能引用其他数据源的表', en: 'a table of another data source cannot be referenced' };
    return undefined;
  }
  if (!target.referable) return { zh: '不能引用系统表', en: 'a system table cannot be referenced' };
  if (fromSource !== LOCAL_SOURCE) return { zh: '不能引用其他数据源的表', en: 'a table of another data source cannot be referenced' };
  return undefined;
}

/** Whether a column of `table` referencing `target` gives `view` on it to the roles granted `table`'s page. */
export function referenceGivesView(registry: TableRegistry, table: RegisteredTable, target: string): boolean {
  return registry.has(target) && referenceRefusal(table, registry.get(target)) === undefined;
}

/** Why `label` cannot be shown for a reference: it must be a column the target's rows answer (never a secret one). */
export function labelRefusal(column: ColumnDef | undefined, label: string): ReferenceRefusal | undefined {
  if (label === 'id') return undefined;
  if (!column || column.secret)
    return {
      zh: `引用显示字段 ${label.slice(0, 64)} 不是被引用表的字段`,
      en: `the label column ${label.slice(0, 64)} is not a column of the referenced table`,
    };
  return undefined;
}

/**
 * Operator tables as loaded from their definitions, with every reference the rule refuses taken off (the column is
 * served as a plain value): a definition stored by an earlier release, or written around the checks, cannot widen a
 * grant. Answers what was taken off, for the log.
 */
export function dropRefusedReferences(defs: TableDef[], registry: TableRegistry): { tableName: string; reason: string }[] {
  const dropped: { tableName: string; reason: string }[] = [];
  const byFlag = new Map(defs.map((d) => [d.flag, d]));
  for (const def of defs) {
    def.columns = def.columns.map((c) => {
      if (!c.references) return c;
      const target = byFlag.get(c.references) ?? (registry.has(c.references) && !registry.get(c.references).dynamic ? registry.get(c.references) : undefined);
      const label = c.labelColumn ?? 'name';
      const targetColumn = target ? (target === def ? def.columns.find((x) => x.name === label) : columnOf(target, label)) : undefined;
      const refusal = referenceRefusal(def, target) ?? labelRefusal(targetColumn, label);
      if (!refusal) return c;
      dropped.push({ tableName: def.flag, reason: `column ${c.name}: reference to ${c.references} dropped: ${refusal.en}` });
      const { references: _r, labelColumn: _l, ...plain } = c;
      if (plain.search === 'select' && !plain.enum) plain.search = plain.type === 'nvarchar' ? 'input' : undefined;
      if (plain.search === undefined) delete plain.search;
      return plain;
    });
  }
  return dropped;
}

function columnOf(table: TableDef | RegisteredTable, name: string): ColumnDef | undefined {
  return Array.isArray(table.columns) ? table.columns.find((c) => c.name === name) : (table.columns as Map<string, ColumnDef>).get(name);
}
