import { queryClient } from '../shell/queryClient.ts';
import { apiSource } from './sources.ts';
import { readTablePrefs } from './tablePrefs.ts';
import { DEFAULT_PAGE_SIZES, listParamsOf, listQueryKey } from './useCrudList.ts';
import type { CrudPageConfig } from './types.ts';

/**
 * Starts reading a page's first rows while its code is still being evaluated and rendered, so that the table
 * renders once, with its rows (the route table calls this when a page's module has loaded). The page then
 * uses the same query.
 */
export function prefetchCrudList(config: CrudPageConfig): Promise<void> {
  if (config.source) return Promise.resolve();
  const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const stored = readTablePrefs(config.key).pageSize;
  const pageSize = stored && sizes.includes(stored) ? stored : sizes[0]!;
  const source = apiSource(config.flag);
  const params = listParamsOf(config, { page: 1, pageSize, sort: config.sort, filters: {} });
  return queryClient.prefetchQuery({ queryKey: listQueryKey(config, source, params), queryFn: () => source.list(params) });
}
