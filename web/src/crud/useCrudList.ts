import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wheres } from '@qb/contracts';
import { TREE_ROWS } from '../forms/options.ts';
import { tableMetaQuery } from './tableMeta.ts';
import type { SelectParams } from '../api/index.ts';
import type { CrudPageConfig, CrudSource, Row } from './types.ts';

/** SPEC.md §9: the generic table shows 80 rows by default, with sizes 1x to 5x of it. */
export const DEFAULT_PAGE_SIZE = 80;
export const DEFAULT_PAGE_SIZES = [1, 2, 3, 4, 5].map((n) => n * DEFAULT_PAGE_SIZE);

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** Row keys are strings in the table; ids go to the server as the numbers they are. */
export const asId = (key: string | number) => (typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key);

/** Rows in a parent column -> nested rows (roles: the whole list is read and the tree is built here). */
export function buildRowTree(rows: Row[], parentField: string): Row[] {
  const byId = new Map(rows.map((r) => [String(r.id), { ...r } as Row]));
  const roots: Row[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(String(row[parentField] ?? 0));
    if (parent && parent !== row) parent.children = [...((parent.children as Row[] | undefined) ?? []), row];
    else roots.push(row);
  }
  return roots;
}

/** The rows as shown: top level, and the children of expanded rows (print, the virtual-scrolling threshold). */
export function visibleRows(rows: Row[], expanded: (string | number)[], depth = 0): (Row & { _depth: number })[] {
  const open = new Set(expanded.map(String));
  const out: (Row & { _depth: number })[] = [];
  const walk = (list: Row[], level: number) => {
    for (const r of list) {
      out.push({ ...r, _depth: level });
      if (Array.isArray(r.children) && open.has(String(r.id))) walk(r.children as Row[], level + 1);
    }
  };
  walk(rows, depth);
  return out;
}

/** How long rows prefetched for a page count as fresh when the page mounts. */
export const PREFETCH_FRESH_MS = 3_000;

/** The parameters of a page's list call for a page, size, sort and search. */
export function listParamsOf(
  config: CrudPageConfig,
  state: { page: number; pageSize: number; sort?: SortState; filters: Wheres },
): SelectParams & { wheres: Wheres } {
  const tree = config.tree;
  const searching = Object.keys(state.filters).length > 0;
  const sortParams = state.sort ? { sort: state.sort.field, sortType: state.sort.order } : {};
  // a lazy tree lists the top level; a search lists every match, wherever it sits in the tree
  const wheres: Wheres = {
    ...config.baseWheres,
    ...(tree?.mode === 'lazy' && !searching ? { [tree.parentField]: 0 } : {}),
    ...state.filters,
  };
  return tree?.mode === 'client'
    ? { page: 1, row: TREE_ROWS, wheres, ...sortParams }
    : { page: state.page, row: state.pageSize, wheres, ...sortParams, hasChildren: tree?.mode === 'lazy' ? tree.parentField : undefined };
}

export const listQueryKey = (config: CrudPageConfig, source: CrudSource, params: SelectParams) => ['crud', config.key, source.id ?? null, params];

/** Page, size, sort and search of a generic page, and its rows read through react-query. */
export function useCrudList(config: CrudPageConfig, source: CrudSource, initialPageSize: number) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<SortState | undefined>(undefined);
  const [filters, setFilters] = useState<Wheres>({});
  const [expanded, setExpanded] = useState<(string | number)[]>([]);

  const tree = config.tree;
  const searching = Object.keys(filters).length > 0;
  const clientTree = tree?.mode === 'client';
  const effectiveSort = sort ?? config.sort;
  const sortParams = effectiveSort ? { sort: effectiveSort.field, sortType: effectiveSort.order } : {};
  const listParams = listParamsOf(config, { page, pageSize, sort: effectiveSort, filters });
  const wheres = listParams.wheres;

  const list = useQuery({
    queryKey: listQueryKey(config, source, listParams),
    queryFn: () => source.list(listParams),
    placeholderData: keepPreviousData,
    // a search or a page seen before is read again (the cached rows show meanwhile)
    staleTime: 0,
    // ...but rows read moments ago (prefetched while the page's code loaded) are not read twice
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > PREFETCH_FRESH_MS,
  });

  const lazyIds = tree?.mode === 'lazy' ? expanded : [];
  const children = useQueries({
    queries: lazyIds.map((id) => ({
      queryKey: ['crud', config.key, 'children', id, sortParams],
      queryFn: () =>
        source.list({
          page: 1,
          row: TREE_ROWS,
          wheres: { ...config.baseWheres, [tree!.parentField]: asId(id) },
          ...sortParams,
          hasChildren: tree!.parentField,
        }),
    })),
  });
  const childrenById = new Map<string, Row[] | undefined>(lazyIds.map((id, i) => [String(id), children[i]?.data?.rows]));
  const loadingIds = new Set(lazyIds.filter((_, i) => children[i]?.isFetching).map(String));
  const childrenKey = children.map((c) => c.dataUpdatedAt).join(',');

  const rawRows = list.data?.rows;
  const rows = useMemo(() => {
    const top = rawRows ?? [];
    if (clientTree && !searching) return buildRowTree(top, tree!.parentField);
    if (tree?.mode !== 'lazy') return top;
    // `seen` guards against a cycle in the data (a row listed below its own descendant)
    const attach = (row: Row, seen: Set<string>): Row => {
      const id = String(row.id);
      if (!row.hasChildren || seen.has(id)) return { ...row, children: undefined };
      const loaded = childrenById.get(id);
      const inside = new Set(seen).add(id);
      return { ...row, children: loaded ? loaded.map((child) => attach(child, inside)) : [] };
    };
    return top.map((row) => attach(row, new Set()));
    // childrenKey stands for the loaded children (the map itself is rebuilt on every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rawRows, clientTree, searching, tree, childrenKey]);

  const reload = useCallback(() => {
    // 刷新 reads the table's definition again too: a column added by an ALTER since the page opened shows
    void queryClient.invalidateQueries({ queryKey: tableMetaQuery(config.flag).queryKey });
    void queryClient.invalidateQueries({ queryKey: ['crud', config.key] });
    void queryClient.invalidateQueries({ queryKey: ['refNames'] });
    void queryClient.invalidateQueries({ queryKey: ['options'] });
  }, [queryClient, config.flag, config.key]);

  return {
    rows,
    total: clientTree ? (rawRows?.length ?? 0) : (list.data?.total ?? 0),
    loading: list.isFetching,
    page,
    pageSize,
    sort,
    wheres,
    effectiveSort,
    expanded,
    loadingIds,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
    setSort: (next: SortState | undefined) => {
      setSort(next);
      setPage(1);
    },
    search: (next: Wheres) => {
      setFilters(next);
      setPage(1);
      setExpanded([]);
    },
    setExpanded,
    reload,
  };
}
