import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { call } from '../../../api/index.ts';
import { pageConfigFromMeta, textIn } from '../../../crud/configFromMeta.ts';
import { useReferenceNames } from '../../../crud/useReferenceNames.ts';
import type { FieldDef, Row } from '../../../crud/types.ts';
import type { FilterReading, RowFilter } from './rowScope.ts';

/** Every table's metadata in one call (GET /api/schema/), shared with the operation log (the same key). */
export const tablesQuery = {
  queryKey: ['schemaList'] as const,
  queryFn: async () => {
    const data = (await call('schemaList', { silent: true })).data;
    return (Array.isArray(data) ? data : []) as TableMeta[];
  },
  staleTime: 60_000,
};

export function useTables(): { byFlag: Map<string, TableMeta>; loading: boolean } {
  const tables = useQuery(tablesQuery);
  const byFlag = useMemo(() => new Map((tables.data ?? []).map((m) => [m.flag, m])), [tables.data]);
  return { byFlag, loading: tables.isLoading };
}

/** The generic page's fields of a table (crud/configFromMeta.ts), its search fields among them. */
export function useScopeFields(meta: TableMeta | undefined): FieldDef[] | undefined {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => (meta ? pageConfigFromMeta(meta, { key: `scope_${meta.flag}`, flag: meta.flag }, { lang: i18n.language, t }).fields : undefined),
    [meta, i18n.language, t],
  );
}

/** A filter's values as one row (a condition's value, a list's members), for the names of the rows they refer to. */
function valuesRow(filter: RowFilter | null | undefined): Row {
  const row: Row = {};
  for (const [column, value] of Object.entries(filter ?? {})) {
    const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as { value?: unknown }).value : value;
    row[column] = v;
  }
  return row;
}

/**
 * How a filter on this table reads: column titles in the page's language, choices by label, referenced rows by name
 * (read as the list reads them, crud/useReferenceNames.ts).
 */
export function useFilterReading(meta: TableMeta | undefined, fields: FieldDef[] | undefined, filter: RowFilter | null | undefined): FilterReading {
  const { t, i18n } = useTranslation();
  const references = useMemo(() => (fields ?? []).filter((f) => f.options && !f.enum).map((f) => ({ ...f, column: {} })), [fields]);
  const rows = useMemo(() => [valuesRow(filter)], [filter]);
  const names = useReferenceNames(references, rows);
  return useMemo(() => {
    const columns = new Map((meta?.columns ?? []).map((c) => [c.name, c]));
    return {
      title: (column) => {
        const known = columns.get(column);
        return known ? textIn(known.title, i18n.language) : column;
      },
      value: (column, value) => {
        const option = columns.get(column)?.enum?.find((e) => String(e.value) === String(value));
        if (option) return textIn(option.label, i18n.language);
        return names[column]?.get(String(value)) ?? (typeof value === 'object' ? JSON.stringify(value) : String(value));
      },
      t: (key, options) => t(key, options),
    };
  }, [meta, names, i18n.language, t]);
}
