import { emptyRecord, ownValue } from '@qb/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormSchema, TableMeta } from '@qb/contracts';
import { call, saveRow, selectRows } from '../api/index.ts';
import type { FieldOverride, PageOverrides } from './configFromMeta.ts';

/**
 * The layout record of a menu (sys_layList.layout, JSON), written by the menu page's 数据设计 and 表单设计:
 * which table the menu's page shows, which columns it lists (in this order), which are search fields and which are
 * dialog fields; and the form the designer made for it. A generated page (/manage/<table>) renders from it.
 */
export interface Layout {
  flag: string;
  /** the listed columns, in their order */
  columns: string[];
  search: string[];
  /** the dialog's fields */
  formFields: string[];
  /** the form designer's schema as read; saving a layout keeps the stored form instead (saveLayoutRecord) */
  form?: FormSchema;
}

export interface LayoutRecord {
  /** sys_layList.id; absent when the menu has none yet */
  id?: number;
  menuId: number;
  /** the data design (数据设计); absent until a table is chosen */
  layout?: Layout;
  /** the designed form (表单设计), stored in the same JSON, with or without a data design */
  form?: FormSchema;
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The stored JSON as a layout; anything else (empty, not JSON, no table) is no layout. */
export function parseLayout(text: unknown): Layout | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    if (!raw || typeof raw !== 'object' || typeof raw.flag !== 'string' || !raw.flag) return undefined;
    const form = raw.form && typeof raw.form === 'object' ? { form: raw.form as FormSchema } : {};
    return { flag: raw.flag, columns: names(raw.columns), search: names(raw.search), formFields: names(raw.formFields), ...form };
  } catch {
    return undefined;
  }
}

/** The designed form kept in the stored JSON, whether or not the menu has a data design (a table) yet. */
export function parseLayoutForm(text: unknown): FormSchema | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    const raw = JSON.parse(text) as Record<string, unknown> | null;
    return raw && typeof raw === 'object' && raw.form && typeof raw.form === 'object' && !Array.isArray(raw.form) ? (raw.form as FormSchema) : undefined;
  } catch {
    return undefined;
  }
}

/** SPEC.md §7 'Layout read': page 1, row 10, wheres menuId and isdelete 0; the first row is the current record. */
export async function readLayoutRecord(menuId: number, options: { silent?: boolean } = {}): Promise<LayoutRecord> {
  const query = { _flag: 'sys_layList', page: 1, row: 10, wheres: { menuId, isdelete: 0 } };
  const rows = options.silent
    ? (((await call('select', { query, silent: true })).data ?? []) as Record<string, unknown>[])
    : (await selectRows<Record<string, unknown>>('sys_layList', { page: 1, row: 10, wheres: { menuId, isdelete: 0 } })).rows;
  const first = Array.isArray(rows) ? rows[0] : undefined;
  if (!first) return { menuId };
  const layout = parseLayout(first.layout);
  const form = parseLayoutForm(first.layout);
  return { id: Number(first.id), menuId, ...(layout ? { layout } : {}), ...(form ? { form } : {}) };
}

/** Writes the record's JSON: the data design's keys when there is one, the form when there is one. */
async function writeLayoutRecord(id: number | undefined, menuId: number, layout: Layout | undefined, form: FormSchema | undefined): Promise<number> {
  const json = {
    ...(layout ? { flag: layout.flag, columns: layout.columns, search: layout.search, formFields: layout.formFields } : {}),
    ...(form ? { form } : {}),
  };
  const answer = await saveRow('sys_layList', { ...(id ? { id } : {}), menuId, layout: JSON.stringify(json) });
  return Number((answer as { id?: unknown }).id ?? id);
}

/**
 * Saves the menu's data design (a new row when it has none). The record is read again first and its form kept as
 * stored now: 数据设计 and 表单设计 share one JSON, and neither may overwrite the other's part with what it read earlier.
 */
export async function saveLayoutRecord(record: LayoutRecord, layout: Layout): Promise<number> {
  const current = await readLayoutRecord(record.menuId, { silent: true });
  return writeLayoutRecord(current.id ?? record.id, record.menuId, layout, current.form);
}

/** Saves the menu's designed form (表单设计), keeping the data design as stored now (a new row when it has none). */
export async function saveLayoutForm(menuId: number, form: FormSchema): Promise<number> {
  const current = await readLayoutRecord(menuId, { silent: true });
  return writeLayoutRecord(current.id, menuId, current.layout, form);
}

export const layoutQueryKey = (menuId: number | undefined) => ['menuLayout', menuId ?? null] as const;

/** The layout of a menu whose page the caller may open (GET /api/system/layout/: the page's own grant suffices). */
export async function readMenuLayout(menuId: number): Promise<LayoutRecord> {
  const answer = await call('menuLayout', { query: { menuId }, silent: true });
  const row = answer.data;
  if (!row) return { menuId };
  const layout = parseLayout(row.layout);
  return { id: row.id, menuId, ...(layout ? { layout } : {}) };
}

/** The layout of a menu for its page; a failed read (no layout to be had) leaves the table's own columns. */
export function useMenuLayout(menuId: number | undefined) {
  return useQuery({
    queryKey: layoutQueryKey(menuId),
    queryFn: () => readMenuLayout(menuId!),
    enabled: menuId !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * A page's overrides with a layout applied: only the layout's columns listed (in its order), only its search
 * fields searched, only its form fields in the dialog. A column the layout names that the table lacks is skipped.
 */
export function applyLayout(page: PageOverrides, meta: TableMeta, layout: Layout): PageOverrides {
  const known = new Set(meta.columns.map((c) => c.name));
  const listed = layout.columns.filter((n) => known.has(n));
  const fields: Record<string, FieldOverride> = Object.assign(emptyRecord<FieldOverride>(), page.fields);
  for (const column of meta.columns) {
    const own = ownValue(fields, column.name) ?? {};
    const over: FieldOverride = { ...own };
    if (listed.includes(column.name)) over.column = { ...(own.column || {}), hidden: false };
    else over.column = false;
    if (layout.search.includes(column.name)) {
      if (own.search === false || (own.search === undefined && !column.search))
        over.search = column.enum?.length || column.reference || column.references ? { kind: 'select' } : {};
    } else over.search = false;
    if (!layout.formFields.includes(column.name)) over.form = false;
    fields[column.name] = over;
  }
  const rest = [...layout.search, ...layout.formFields].filter((n) => known.has(n) && !listed.includes(n));
  return { ...page, fields, order: [...listed, ...rest] };
}
