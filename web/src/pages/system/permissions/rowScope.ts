import { SQL_NAME_PATTERN } from '@qb/contracts';
import { managePages } from '@qb/contracts/pages';
import dayjs from 'dayjs';
import { findOptionPath, type OptionItem } from '../../../forms/options.ts';
import { buildSearchWheres } from '../../../crud/searchWheres.ts';
import type { FieldDef } from '../../../crud/types.ts';

/**
 * A grant's 数据范围 (docs/permissions.md "Row filters"): a `wheres` object on the page's table, or null for every
 * row. The page offers three shapes of it; a filter written through the API in another shape is shown and kept.
 */
export type RowFilter = Record<string, unknown>;

/** all: null; own: created by the caller; custom: the page's search fields; other: a filter the form cannot show. */
export type ScopeMode = 'all' | 'own' | 'custom' | 'other';

/** The column the built-in content tables record their creator in (server/src/schema/builtin.ts). */
export const CREATOR_COLUMN = 'createdBy';
export const OWN_FILTER: RowFilter = Object.freeze({ [CREATOR_COLUMN]: '$CURRENT_USER' });

const declaredTables = new Map<string, string | undefined>(managePages.map((p) => [p.path, Object.keys(p.tables)[0]]));

/**
 * The table a menu's grant filters, as the server reads it (server/src/access/grants.ts pageTable): the first table
 * its page declares; the generated page /manage/<flag> of an operator's table, that table. None for other routes.
 */
export function pageTableOf(url: string | null | undefined): string | undefined {
  const path = url?.startsWith('/manage/') ? url.slice('/manage/'.length) : '';
  if (!SQL_NAME_PATTERN.test(path)) return undefined;
  return declaredTables.has(path) ? declaredTables.get(path) : path;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export const isEmptyFilter = (filter: RowFilter | null | undefined): boolean => !filter || Object.keys(filter).length === 0;

export function isOwnFilter(filter: RowFilter | null | undefined): boolean {
  return !!filter && Object.keys(filter).length === 1 && filter[CREATOR_COLUMN] === '$CURRENT_USER';
}

/** The variables a filter's values may be (ROW_FILTER_VARIABLES of @qb/contracts/schemas, which the web app does not load). */
const VARIABLES = ['$CURRENT_USER', '$NOW'];
const isVariable = (v: unknown) => typeof v === 'string' && VARIABLES.includes(v);

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return a === b;
}

/**
 * The search form's values that give this filter back (crud/searchWheres.ts), or undefined when the page's search
 * fields cannot express it (another column, operator or shape, a variable): such a filter is shown as text. A
 * cascader's value is its path in the tree of options when `trees` has it.
 */
export function formValuesOf(filter: RowFilter, fields: FieldDef[], trees: Record<string, OptionItem[]> = {}): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filter)) {
    const field = fields.find((f) => f.name === name && f.search);
    if (!field || isVariable(value)) return undefined;
    const kind = field.search!.kind ?? 'input';
    // a dropdown, a cascader or a number holds one value (a list is IN: not theirs)
    if (kind !== 'input' && kind !== 'dateRange' && (Array.isArray(value) || isRecord(value))) return undefined;
    if (kind === 'input') values[name] = isRecord(value) && value.type === 'like' ? value.value : value;
    else if (kind === 'cascader') values[name] = findOptionPath(trees[name] ?? [], value) ?? [value];
    else if (kind === 'dateRange') {
      const range = isRecord(value) && value.type === 'between' && Array.isArray(value.value) ? value.value : [];
      if (range.length !== 2) return undefined;
      values[name] = range.map((d) => dayjs(String(d)));
    } else values[name] = value;
  }
  // exactly what the form would send again, or nothing: a filter is never changed by being shown
  return sameJson(buildSearchWheres(values, fields), filter) ? values : undefined;
}

export function scopeModeOf(filter: RowFilter | null | undefined, fields: FieldDef[] | undefined): ScopeMode {
  if (isEmptyFilter(filter)) return 'all';
  if (isOwnFilter(filter)) return 'own';
  return fields && formValuesOf(filter!, fields) ? 'custom' : 'other';
}

/** What names a filter's columns and values: titles, labels of choices and referenced rows, the variables. */
export interface FilterReading {
  title(column: string): string;
  value(column: string, value: unknown): string;
  t(key: string, options?: Record<string, unknown>): string;
}

const OPERATORS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'startsWith', 'endsWith', 'in', 'notIn', 'between', 'isNull']);

function conditionText(column: string, value: unknown, r: FilterReading): string | undefined {
  const title = r.title(column);
  const one = (v: unknown) => (isVariable(v) ? r.t(`permission.scope.variable.${String(v).slice(1)}`) : r.value(column, v));
  const list = (v: unknown) => (Array.isArray(v) ? v.map(one).join(r.t('permission.scope.listSeparator')) : undefined);
  if (value === null) return r.t('permission.scope.op.isNull', { column: title });
  if (Array.isArray(value)) return r.t('permission.scope.op.in', { column: title, value: list(value) });
  if (!isRecord(value)) return r.t('permission.scope.op.eq', { column: title, value: one(value) });
  const keys = Object.keys(value);
  const type = String(value.type);
  if (!OPERATORS.has(type) || keys.some((k) => k !== 'type' && k !== 'value')) return undefined;
  const v = value.value;
  if (type === 'isNull') return r.t(v === false ? 'permission.scope.op.notNull' : 'permission.scope.op.isNull', { column: title });
  if (type === 'in' || type === 'notIn') return Array.isArray(v) ? r.t(`permission.scope.op.${type}`, { column: title, value: list(v) }) : undefined;
  if (type === 'between')
    return Array.isArray(v) && v.length === 2 ? r.t('permission.scope.op.between', { column: title, from: one(v[0]), to: one(v[1]) }) : undefined;
  if (Array.isArray(v) || isRecord(v)) return undefined;
  return r.t(`permission.scope.op.${type}`, { column: title, value: one(v) });
}

/**
 * A filter as a person reads it: `所属科目 = 申论，且 题目 包含 “税”`. A shape this page does not know (written through
 * the API) is shown as its JSON; a stored filter the server could not read as one, as such (it gives no rows).
 */
export function filterText(filter: RowFilter | null | undefined, r: FilterReading): string {
  if (isEmptyFilter(filter)) return r.t('permission.scope.all');
  if (filter!.$broken === true) return r.t('permission.scope.broken');
  const parts: string[] = [];
  for (const [column, value] of Object.entries(filter!)) {
    const text = conditionText(column, value, r);
    if (text === undefined) return JSON.stringify(filter);
    parts.push(text);
  }
  return parts.join(r.t('permission.scope.and'));
}
