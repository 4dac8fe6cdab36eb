import { currentLanguage } from '../i18n/index.ts';
import { queryClient } from '../app/queryClient.ts';
import { pageConfigFromMeta, type PageOverrides } from './configFromMeta.ts';
import { apiSource } from './sources.ts';
import { tableMetaQuery } from './tableMeta.ts';
import { hiddenColumns, listColumnFields, readTablePrefs } from './tablePrefs.ts';
import { buildRowTree, DEFAULT_PAGE_SIZES, listParamsOf, listQueryKey } from './useCrudList.ts';
import { referenceQueries } from './useReferenceNames.ts';

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
    const prefs = readTablePrefs(config.key);
    const stored = prefs.pageSize;
    const pageSize = stored && sizes.includes(stored) ? stored : sizes[0]!;
    const source = apiSource(config.flag, config.rowKey);
    const params = listParamsOf(config, { page: 1, pageSize, sort: config.sort, filters: {} });
    const listed = await queryClient.fetchQuery({ queryKey: listQueryKey(config, source, params), queryFn: () => source.list(params) });
    // the names of the rows' references (the shown columns of the rows on top, as crud/CrudPage.tsx asks for them):
    // with them here the table renders once, not once with ids and again with the names (issue 31)
    const columns = listColumnFields(config.fields);
    const hidden = hiddenColumns(columns, prefs.hidden);
    const top = config.tree?.mode === 'client' ? buildRowTree(listed.rows, config.tree.parentField) : listed.rows;
    const names = referenceQueries(
      columns.filter((f) => !hidden.includes(f.name)),
      top,
    ).filter((q) => q.enabled);
    await Promise.all(names.map((q) => queryClient.prefetchQuery(q)));
  } catch {
    // the page reads again and shows why
  }
}
