import type { TableMeta } from '@qb/contracts';
import { textIn } from '../../crud/configFromMeta.ts';

/** SPEC.md §9: data-source and table screens page by 20, with 1×, 2×, 3×, 5×, 8× and 10× of it to choose. */
export const SOURCE_PAGE_SIZES = [1, 2, 3, 5, 8, 10].map((n) => n * 20);

/** A column's title from the table's metadata in the current language (the i18n files hold no column titles). */
export function columnTitle(meta: TableMeta | undefined, name: string, lang: string): string {
  const column = meta?.columns.find((c) => c.name === name);
  return column ? textIn(column.title, lang) : name;
}

/** The saved connections the data-table manager's tree lists; a saved connection refreshes it. */
export const SOURCES_QUERY_KEY = ['dataMana', 'sources'] as const;
