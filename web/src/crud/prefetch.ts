import { currentLanguage } from '../i18n/index.ts';
import { queryClient } from '../app/queryClient.ts';
import { pageConfigFromMeta, type PageOverrides } from './configFromMeta.ts';
import { apiSource } from './sources.ts';
import { tableMetaQuery } from './tableMeta.ts';
import { readTablePrefs } from './tablePrefs.ts';
import { DEFAULT_PAGE_SIZES, listParamsOf, listQueryKey } from './useCrudList.ts';

/**
 * Starts reading a page's metadata (once per session) and first rows while its code is still being evaluated and
 * rendered, so that the table renders once, with its rows (the route table calls this when a page's module has
 * loaded). The page then uses the same queries. A failure is left for the page to show.
 */
export async function prefetchTablePage(page: PageOverrides): Promise<void> {
  if (page.source && !page.source.serverTable) return;
  try {
    const meta = await queryClient.ensureQueryData(tableMetaQuery(page.flag));
    // a page with a source of its own (accounts) reads its rows itself
    if (page.source) return;
    const config = pageConfigFromMeta(meta, page, { lang: currentLanguage() });
    const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
    const stored = readTablePrefs(config.key).pageSize;
    const pageSize = stored && sizes.includes(stored) ? stored : sizes[0]!;
    const source = apiSource(config.flag, config.rowKey);
    const params = listParamsOf(config, { page: 1, pageSize, sort: config.sort, filters: {} });
    await queryClient.prefetchQuery({ queryKey: listQueryKey(config, source, params), queryFn: () => source.list(params) });
  } catch {
    // the page reads again and shows why
  }
}
