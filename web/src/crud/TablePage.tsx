import { useEffect, useMemo } from 'react';
import { Button, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { CrudPage } from './CrudPage.tsx';
import { pageConfigFromMeta, type PageOverrides } from './configFromMeta.ts';
import { readAllTableMeta, useTableMeta } from './tableMeta.ts';
import { preloadWhenIdle } from '../app/idlePreload.ts';

/**
 * The generic page of a table: its metadata (GET /api/schema/:flag) plus the page's overrides make the columns,
 * the search bar and the dialog (crud/configFromMeta.ts). `meta` serves a table the server does not hold (demo data).
 */
export function TablePage({ page, meta: given }: { page: PageOverrides; meta?: TableMeta }) {
  const { t, i18n } = useTranslation();
  const query = useTableMeta(page.flag, !given);
  const meta = given ?? query.data;
  const config = useMemo(() => (meta ? pageConfigFromMeta(meta, page, { lang: i18n.language, t }) : undefined), [meta, page, i18n.language, t]);
  const queryClient = useQueryClient();
  const shown = !!config && !given;
  useEffect(() => {
    // once the browser is idle after the page's first render: the list (every table's metadata, tens of KB) is
    // not among what the page waits for as it opens, nor among the calls a typed URL of it starts early (issue 31)
    if (shown) preloadWhenIdle(async () => readAllTableMeta(queryClient));
  }, [shown, queryClient]);
  if (config) return <CrudPage config={config} />;
  if (query.isError) {
    return (
      <div className="qb-panel" data-testid="table-meta-failed">
        <Result status="warning" title={t('crud.metaFailed')} extra={<Button onClick={() => void query.refetch()}>{t('home.retry')}</Button>} />
      </div>
    );
  }
  return (
    <div className="qb-panel" style={{ padding: 48, textAlign: 'center' }} data-testid="table-meta-loading">
      <Spin />
    </div>
  );
}
