import { useMemo } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { selectRows } from '../../api/index.ts';
import { LOCAL_SOURCE_ID } from '../../api/datasources.ts';
import type { FormFieldProps } from '../../crud/types.ts';

interface Source {
  id: number;
  name: string;
  mainAddr?: string;
  port?: number | string;
  databaseName?: string;
}

const SOURCES_KEY = ['sourceSelect', 'sources'] as const;

/** Every saved connection, for the pickers and names of a form definition's database. */
function useSources() {
  return useQuery({
    queryKey: SOURCES_KEY,
    queryFn: async () => (await selectRows<Source>('sys_connsql', { page: 1, row: 9999, sort: 'id', sortType: 'asc' })).rows,
    staleTime: 30_000,
  });
}

/** A source as a person tells it from the others: its name, then host:port / database (two "test" databases differ). */
export function sourceLabel(source: Source): string {
  const host = [source.mainAddr, source.port].filter((p) => p !== undefined && p !== null && p !== '').join(':');
  const where = [host, source.databaseName].filter(Boolean).join(' / ');
  return where ? `${source.name}（${where}）` : source.name;
}

function useSourceOptions() {
  const { t } = useTranslation();
  const sources = useSources();
  return useMemo(
    () => [
      { value: LOCAL_SOURCE_ID, label: t('datasources.tree.local') },
      ...(sources.data ?? []).map((s) => ({ value: Number(s.id), label: sourceLabel(s) })),
    ],
    [sources.data, t],
  );
}

const isLocal = (value: unknown) => value === null || value === undefined || value === '' || Number(value) === LOCAL_SOURCE_ID;

/** 所属数据库 of a form definition: the local database (本地数据库, where an empty value creates its table too) or a saved source. */
export function SourceSelect({ value, onChange, id }: FormFieldProps) {
  const options = useSourceOptions();
  return (
    <Select
      id={id}
      value={isLocal(value) ? LOCAL_SOURCE_ID : Number(value)}
      onChange={(v: number) => onChange?.(v)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      data-testid="source-select"
    />
  );
}

/** The database of a definition in the list, named as the picker names it. */
export function SourceName({ value }: { value: unknown }) {
  const options = useSourceOptions();
  const local = isLocal(value);
  return <>{options.find((o) => o.value === (local ? LOCAL_SOURCE_ID : Number(value)))?.label ?? String(value)}</>;
}
