import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { textIn } from '../../../crud/configFromMeta.ts';

/**
 * A grant's 字段权限 (docs/permissions.md "Field permissions"): the columns of the page's table the role may not read
 * (`hidden`) and those it may read but not write (`readOnly`); null: every column readable and writable.
 */
export interface FieldRules {
  hidden: string[];
  readOnly: string[];
}

/** What the dialog shows of one column: may the role read it, write it. */
export interface FieldAccess {
  read: boolean;
  write: boolean;
}

/** The marker of a stored rule the server could not read (server/src/access/fieldRules.ts storedFieldRules): every column hidden. */
export const ALL_HIDDEN = '*';

/** The columns a rule may name: not the key, isdelete or a tree's parent column (the server refuses those). */
export function limitableColumns(meta: TableMeta): ColumnMeta[] {
  return meta.columns.filter((c) => c.name !== meta.primaryKey && c.name !== 'isdelete' && c.name !== meta.tree?.parentColumn);
}

export const isEmptyRules = (rules: FieldRules | null | undefined): boolean => !rules || rules.hidden.length + rules.readOnly.length === 0;

/** The ticks of each offered column under these rules (a broken rule: nothing readable). */
export function accessOf(rules: FieldRules | null | undefined, columns: ColumnMeta[]): Map<string, FieldAccess> {
  const all = !!rules?.hidden.includes(ALL_HIDDEN);
  return new Map(
    columns.map((c) => {
      const read = !all && !rules?.hidden.includes(c.name);
      // a column the server fills is never written by a client: its 可写 is off whatever the rules say
      const write = read && !c.serverFilled && !rules?.readOnly.includes(c.name);
      return [c.name, { read, write }];
    }),
  );
}

/**
 * The rules the ticks give (null when every column is readable and writable); the stored rules' names of columns the
 * table no longer has are kept as they were (the dialog cannot show them, a save must not drop them).
 */
export function rulesOf(access: Map<string, FieldAccess>, columns: ColumnMeta[], stored: FieldRules | null | undefined): FieldRules | null {
  const known = new Set(columns.map((c) => c.name));
  const hidden: string[] = [];
  const readOnly: string[] = [];
  for (const c of columns) {
    const a = access.get(c.name) ?? { read: true, write: !c.serverFilled };
    if (!a.read) hidden.push(c.name);
    else if (!a.write && !c.serverFilled) readOnly.push(c.name);
    // a read-only rule on a server-filled column (set through the API) changes nothing: kept as stored
    else if (c.serverFilled && stored?.readOnly.includes(c.name)) readOnly.push(c.name);
  }
  for (const name of stored?.hidden ?? []) if (!known.has(name) && name !== ALL_HIDDEN) hidden.push(name);
  for (const name of stored?.readOnly ?? []) if (!known.has(name)) readOnly.push(name);
  return hidden.length + readOnly.length ? { hidden, readOnly } : null;
}

/** Whether two rules give the same columns (order aside). */
export function sameRules(a: FieldRules | null | undefined, b: FieldRules | null | undefined): boolean {
  if (isEmptyRules(a) || isEmptyRules(b)) return isEmptyRules(a) && isEmptyRules(b);
  const same = (x: string[], y: string[]) => x.length === y.length && [...x].sort().join('\n') === [...y].sort().join('\n');
  return same(a!.hidden, b!.hidden) && same(a!.readOnly, b!.readOnly);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A column's title in the language, or its name marked as gone when the table no longer has it. */
export function columnTitle(meta: TableMeta | undefined, name: string, lang: string, t: Translate): string {
  const column = meta?.columns.find((c) => c.name === name);
  return column ? textIn(column.title, lang) : t('permission.fields.gone', { name });
}

/** 全部字段, or 隐藏 2 个，只读 1 个: in parts, each but the last ending with the separator (a line each in the cell). */
export function rulesSummaryParts(rules: FieldRules | null | undefined, t: Translate): string[] {
  if (isEmptyRules(rules)) return [t('permission.fields.all')];
  if (rules!.hidden.includes(ALL_HIDDEN)) return [t('permission.fields.broken')];
  const parts = [];
  if (rules!.hidden.length) parts.push(t('permission.fields.hiddenCount', { count: rules!.hidden.length }));
  if (rules!.readOnly.length) parts.push(t('permission.fields.readOnlyCount', { count: rules!.readOnly.length }));
  return parts.map((p, i) => (i < parts.length - 1 ? p + t('permission.fields.separator') : p));
}

/** 隐藏：手机号、头像；只读：性别 (titles in the language; a column the table no longer has by its name, so marked). */
export function rulesText(rules: FieldRules | null | undefined, meta: TableMeta | undefined, lang: string, t: Translate): string {
  if (isEmptyRules(rules)) return t('permission.fields.all');
  if (rules!.hidden.includes(ALL_HIDDEN)) return t('permission.fields.broken');
  const names = (list: string[]) => list.map((n) => columnTitle(meta, n, lang, t)).join(t('permission.scope.listSeparator'));
  const parts = [];
  if (rules!.hidden.length) parts.push(t('permission.fields.hiddenList', { names: names(rules!.hidden) }));
  if (rules!.readOnly.length) parts.push(t('permission.fields.readOnlyList', { names: names(rules!.readOnly) }));
  return parts.join(t('permission.fields.listsSeparator'));
}

/** Field rules as logged or answered (JSON text or an object); undefined when they are no such thing. */
export function parseRules(value: unknown): FieldRules | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const { hidden = [], readOnly = [] } = v as Record<string, unknown>;
  if (!Array.isArray(hidden) || !Array.isArray(readOnly)) return undefined;
  return { hidden: hidden.map(String), readOnly: readOnly.map(String) };
}
