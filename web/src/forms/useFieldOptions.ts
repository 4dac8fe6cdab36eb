import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@qb/contracts/endpoints';
import { formTextIn, isFormOptionSourceReadable, type FormOption, type FormOptionsSource, type FormTableOptions, type FormUrlOptions } from '@qb/contracts';
import { request, selectRows } from '../api/index.ts';
import { buildOptionTree, DROPDOWN_ROWS, isFilled, leafOf, TREE_ROWS, useTableOptions, type OptionItem } from './options.ts';
import type { Row } from './types.ts';

/** Static options of a schema in one language. */
export function staticOptionItems(list: FormOption[], lang: string): OptionItem[] {
  return list.map((o) => ({
    value: o.value,
    label: formTextIn(o.label, lang),
    ...(o.disabled ? { disabled: true } : {}),
    ...(o.children?.length ? { children: staticOptionItems(o.children, lang) } : {}),
  }));
}

/** The value at a dotted path (data.list) of an answer. */
export function valueAtPath(answer: unknown, path: string): unknown {
  let at: unknown = answer;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    // own properties only: a path of the form (user data) may say `constructor` (docs/security.md, round 3 #2)
    at = Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** Rows of a URL answer -> options, by the source's label / value / children property names. */
export function urlOptionItems(rows: unknown, source: Pick<FormUrlOptions, 'labelField' | 'valueField' | 'childrenField'>): OptionItem[] {
  if (!Array.isArray(rows)) return [];
  const labelField = source.labelField ?? 'label';
  const valueField = source.valueField ?? 'value';
  const childrenField = source.childrenField ?? 'children';
  return rows
    .filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object')
    .map((r) => {
      const children = urlOptionItems(r[childrenField], source);
      return { value: r[valueField] as string | number, label: String(r[labelField] ?? r[valueField] ?? ''), ...(children.length ? { children } : {}) };
    });
}

/**
 * A read route that cannot answer without more: `/api/select/` names no table until it has `_flag`. Such a source
 * (the designer's start when 动态数据 is chosen) is not fetched and is not a failure: its options are still to be given.
 */
export function isOptionUrlIncomplete(url: string): boolean {
  const [path, query = ''] = url.split('?', 2);
  return path === endpoints.select.url && !new URLSearchParams(query).get('_flag');
}

async function fetchUrlOptions(source: FormUrlOptions): Promise<OptionItem[]> {
  // checked again here (the parser refuses the same): only a GET of a read route of this server, with the session
  if (!isFormOptionSourceReadable(source)) throw new Error('option source refused');
  const answer = await request(source.url, { method: 'GET', silent: true });
  return urlOptionItems(valueAtPath(answer, source.dataPath ?? 'data'), source);
}

export interface FieldOptions {
  items: OptionItem[];
  loading: boolean;
  /** a dependent dropdown whose parent field is still empty */
  waiting: boolean;
  failed: boolean;
}

/**
 * Options of a select, cascader, radio or checkbox field: static, from a table (the crud option loader, shared
 * cache; another value column than id is read here) or from a call of this server.
 */
export function useFieldOptions(source: FormOptionsSource, lang: string, dependValue?: unknown, disabledId?: unknown): FieldOptions {
  const table = !Array.isArray(source) && source.from === 'table' ? source : undefined;
  const url = !Array.isArray(source) && source.from === 'url' ? source : undefined;
  // a source that is not a GET of a read route is never fetched: it shows as failed (选项加载失败)
  const readable = !!url && isFormOptionSourceReadable(url);
  const incomplete = !!url && readable && isOptionUrlIncomplete(url.url);
  const byId = table && table.valueField === 'id' ? table : undefined;
  const byOther = table && table.valueField !== 'id' ? table : undefined;

  const shared = useTableOptions(
    byId ? { flag: byId.flag, labelField: byId.labelField, sort: byId.sort, treeParent: byId.parentField, dependsOn: byId.dependsOn } : undefined,
    dependValue,
    disabledId,
  );
  const other = useOtherColumnOptions(byOther, dependValue);
  const remote = useQuery({
    queryKey: ['formOptions', 'url', url?.url, url?.method, url?.dataPath ?? 'data', url?.labelField, url?.valueField, url?.childrenField],
    queryFn: () => fetchUrlOptions(url!),
    enabled: readable && !incomplete,
    staleTime: 30_000,
    retry: false,
  });

  if (Array.isArray(source)) return { items: staticOptionItems(source, lang), loading: false, waiting: false, failed: false };
  if (byId) return { items: byId.parentField ? shared.tree : shared.list, loading: shared.loading, waiting: shared.waiting, failed: false };
  if (byOther) return other;
  if (!readable) return { items: [], loading: false, waiting: false, failed: true };
  if (incomplete) return { items: [], loading: false, waiting: false, failed: false };
  return { items: remote.data ?? [], loading: remote.isFetching, waiting: false, failed: remote.isError };
}

function useOtherColumnOptions(source: FormTableOptions | undefined, dependValue: unknown): FieldOptions {
  const parentValue = source?.dependsOn ? leafOf(dependValue) : undefined;
  const waiting = !!source?.dependsOn && !isFilled(parentValue);
  const wheres = source?.dependsOn && !waiting ? { [source.dependsOn.whereField]: parentValue as number } : undefined;
  const query = useQuery({
    queryKey: ['formOptions', 'table', source?.flag, source?.sort, wheres ?? null],
    queryFn: () => selectRows<Row>(source!.flag, { page: 1, row: source!.parentField ? TREE_ROWS : DROPDOWN_ROWS, wheres, sort: source!.sort }),
    enabled: !!source && !waiting,
    staleTime: 30_000,
  });
  if (!source) return { items: [], loading: false, waiting: false, failed: false };
  // the tree builder keys rows by id: give it the value column as the id
  const rows: Row[] = (query.data?.rows ?? []).map((r) => ({ ...r, id: r[source.valueField] as number }));
  const items = source.parentField
    ? buildOptionTree(rows, source.parentField, source.labelField)
    : rows.map((r) => ({ value: r.id as number | string, label: String(r[source.labelField] ?? r.id) }));
  return { items, loading: query.isFetching, waiting, failed: query.isError };
}
