import { useCallback, useState } from 'react';
import type { FieldDef } from './types.ts';

/** What a person chose on a page, remembered per page in localStorage: hidden columns, column widths, page size. */
export interface TablePrefs {
  hidden?: string[];
  widths?: Record<string, number>;
  pageSize?: number;
}

/** The fields that are list columns of a page (shown or in the column chooser). */
export const listColumnFields = (fields: FieldDef[]) => fields.filter((f) => f.column !== false);

/** The list columns not shown: as the person chose, or, until they chose, as the page declares. */
export const hiddenColumns = (columns: FieldDef[], chosen: string[] | undefined) =>
  chosen ?? columns.filter((f) => f.column && f.column.hidden).map((f) => f.name);

export const tablePrefsKey = (pageKey: string) => `qb.table.${pageKey}`;

export function readTablePrefs(pageKey: string): TablePrefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(tablePrefsKey(pageKey)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as TablePrefs) : {};
  } catch {
    return {};
  }
}

function writeTablePrefs(pageKey: string, prefs: TablePrefs) {
  try {
    localStorage.setItem(tablePrefsKey(pageKey), JSON.stringify(prefs));
  } catch {
    // without storage the choice lasts as long as the page
  }
}

export function useTablePrefs(pageKey: string) {
  const [prefs, setPrefs] = useState<TablePrefs>(() => readTablePrefs(pageKey));
  const update = useCallback(
    (change: (p: TablePrefs) => TablePrefs) =>
      setPrefs((p) => {
        const next = change(p);
        writeTablePrefs(pageKey, next);
        return next;
      }),
    [pageKey],
  );
  return {
    prefs,
    setHidden: useCallback((hidden: string[]) => update((p) => ({ ...p, hidden })), [update]),
    setWidth: useCallback((name: string, width: number) => update((p) => ({ ...p, widths: { ...p.widths, [name]: width } })), [update]),
    setPageSize: useCallback((pageSize: number) => update((p) => ({ ...p, pageSize })), [update]),
    resetColumns: useCallback(() => update((p) => ({ pageSize: p.pageSize })), [update]),
  };
}
