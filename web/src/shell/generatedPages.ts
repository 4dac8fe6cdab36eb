import { useCallback } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formLanguageOf } from '@qb/contracts';
import { isUnknownTable, tableMetaQuery } from '../crud/tableMeta.ts';
import { generatedRoute } from '../pages/manageRoutes.ts';

/** none: a page module's path (or not a table's name); missing: the server knows no such table. */
export type GeneratedPageState = 'none' | 'checking' | 'found' | 'missing';

/**
 * Whether a path is the generated page of a table the server knows (/manage/book), read from the table's
 * metadata, which the page then uses. A read that failed for another reason counts as found: the page shows
 * the failure with a retry.
 */
export function useGeneratedPage(path: string): GeneratedPageState {
  const flag = generatedRoute(path)?.flag;
  const meta = useQuery({ ...tableMetaQuery(flag ?? ''), enabled: !!flag });
  if (!flag) return 'none';
  if (meta.isSuccess) return 'found';
  if (meta.isError) return isUnknownTable(meta.error) ? 'missing' : 'found';
  return 'checking';
}

/** The titles of the generated pages among these paths: their tables' titles in the current language, once read. */
export function useGeneratedTitles(paths: string[]): (path: string) => string | undefined {
  const { i18n } = useTranslation();
  const flags = [...new Set(paths.flatMap((p) => generatedRoute(p)?.flag ?? []))];
  const metas = useQueries({ queries: flags.map((flag) => tableMetaQuery(flag)) });
  const english = formLanguageOf(i18n.language) === 'en';
  const titles = new Map(metas.flatMap((m) => (m.data ? [[m.data.flag, english ? m.data.title.en || m.data.title.zh : m.data.title.zh] as const] : [])));
  // a new function only when a title changed, so that the titles that depend on it are worked out again then
  const key = JSON.stringify([...titles]);
  return useCallback(
    (path: string) => {
      const flag = generatedRoute(path)?.flag;
      return flag ? new Map(JSON.parse(key) as [string, string][]).get(flag) : undefined;
    },
    [key],
  );
}
