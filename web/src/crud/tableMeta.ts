import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type TableMeta } from '@qb/contracts';
import { ApiError, call } from '../api/index.ts';

/**
 * The metadata of a table (GET /api/schema/:flag), read once per session and shared by the page, its prefetch
 * and the shell (tab titles, whether /manage/:name is a table). Silent: a page shows its own failure, and an
 * unknown flag is not an error but the not-found page.
 */
export function tableMetaQuery(flag: string) {
  return {
    queryKey: ['tableMeta', flag] as const,
    queryFn: async () => (await call('schema', { params: { flag }, silent: true })).data as TableMeta,
    staleTime: Infinity,
  };
}

export function useTableMeta(flag: string, enabled = true) {
  return useQuery({ ...tableMetaQuery(flag), enabled });
}

/** Whether a failed metadata read means "no such table" (rather than a network or server failure). */
export function isUnknownTable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ERROR_CODES.unknownFlag || (error.status === 400 && error.code === undefined));
}

/** Every table's metadata the caller may view (GET /api/schema/), as the pages that list the tables read it. */
export const schemaListQuery = {
  queryKey: ['schemaList'] as const,
  queryFn: async () => ((await call('schemaList', { silent: true })).data ?? []) as TableMeta[],
  staleTime: 60_000,
};

let allRead = false;

/** For tests that share modules: the next table page reads every table's metadata again. */
export function forgetAllTableMetaRead(): void {
  allRead = false;
}

/**
 * Once a table page is on screen (and the browser idle: crud/TablePage.tsx), the metadata of every table in one call (GET /api/schema/), so that the next
 * pages open with their rows alone. Not earlier: a call in the background of a shell nobody uses would find a
 * revoked session before the person does anything.
 */
export function readAllTableMeta(queryClient: QueryClient): void {
  if (allRead) return;
  allRead = true;
  // under the query key the pages that list the tables use (菜单管理's layout drawer, the permission page's scopes):
  // a page that asks for them as it opens shares this one call instead of making a second (issue 31)
  queryClient.fetchQuery(schemaListQuery).then(
    (list) => {
      for (const meta of list) {
        const key = tableMetaQuery(meta.flag).queryKey;
        if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, meta);
      }
    },
    () => {
      allRead = false; // each page still reads its own
    },
  );
}
