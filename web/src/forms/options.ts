import { useQuery } from '@tanstack/react-query';
import { selectRows } from '../api/index.ts';
import type { Row, TableOptions } from './types.ts';

/** SPEC.md §9: dependent dropdowns load 9999 rows; trees (role trees, cascaders) 99999. */
export const DROPDOWN_ROWS = 9999;
export const TREE_ROWS = 99999;

export interface OptionItem {
  value: number | string;
  label: string;
  children?: OptionItem[];
  disabled?: boolean;
}

/** The last element of a cascader path, or the value itself. */
export function leafOf(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Rows with a parent column -> nested options; rows whose parent is missing become roots, so nothing is lost. */
export function buildOptionTree(rows: Row[], parentField: string, labelField = 'name', disabledId?: unknown): OptionItem[] {
  const byId = new Map<string, OptionItem & { parent: string }>();
  for (const r of rows) byId.set(String(r.id), { value: r.id as number, label: String(r[labelField] ?? r.id), parent: String(r[parentField] ?? 0) });
  const roots: OptionItem[] = [];
  for (const item of byId.values()) {
    const parent = byId.get(item.parent);
    if (parent && parent !== item) (parent.children ??= []).push(item);
    else roots.push(item);
  }
  // a row cannot become its own parent or the parent of an ancestor of itself
  const disable = (items: OptionItem[] | undefined, inside: boolean) => {
    for (const item of items ?? []) {
      const hit = inside || (disabledId !== undefined && String(item.value) === String(disabledId));
      if (hit) item.disabled = true;
      disable(item.children, hit);
    }
  };
  disable(roots, false);
  const clean = (items: OptionItem[]): OptionItem[] =>
    items.map(({ value, label, children, disabled }) => ({
      value,
      label,
      ...(disabled ? { disabled } : {}),
      ...(children ? { children: clean(children) } : {}),
    }));
  return clean(roots);
}

/** The path from a root to the option with this value (for showing a stored leaf in a cascader). */
export function findOptionPath(tree: OptionItem[], value: unknown): (number | string)[] | undefined {
  for (const item of tree) {
    if (String(item.value) === String(value)) return [item.value];
    const sub = item.children && findOptionPath(item.children, value);
    if (sub) return [item.value, ...sub];
  }
  return undefined;
}

/**
 * Options of a select or cascader read from a table. A dependent dropdown passes the value of the field it
 * depends on; without one it has no options (and is not queried).
 */
export function useTableOptions(source: TableOptions | undefined, dependValue?: unknown, disabledId?: unknown) {
  const labelField = source?.labelField ?? 'name';
  const parentValue = source?.dependsOn ? leafOf(dependValue) : undefined;
  const waiting = !!source?.dependsOn && !isFilled(parentValue);
  const wheres = source?.dependsOn && !waiting ? { [source.dependsOn.whereField]: parentValue as number } : undefined;
  const query = useQuery({
    queryKey: ['options', source?.flag, wheres ?? null],
    queryFn: () => selectRows<Row>(source!.flag, { page: 1, row: source!.treeParent ? TREE_ROWS : DROPDOWN_ROWS, wheres, sort: source!.sort }),
    enabled: !!source && !waiting,
    staleTime: 30_000,
  });
  const rows = query.data?.rows ?? [];
  const list: OptionItem[] = rows.map((r) => ({ value: r.id as number, label: String(r[labelField] ?? r.id) }));
  const tree = source?.treeParent ? buildOptionTree(rows, source.treeParent, labelField, disabledId) : list;
  return { list, tree, loading: query.isFetching, waiting };
}
