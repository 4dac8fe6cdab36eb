import { useCallback, useEffect, useState } from 'react';
import { Alert, Drawer, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, type CallData } from '../api/client.ts';
import type { ApiError } from '../api/index.ts';
import { useToast } from '../app/toast.ts';
import { HISTORY_NS } from './texts.ts';
import './history.css';

type DeletedRow = CallData<'deletedRows'>[number];

interface Props {
  /** the table whose deleted rows are listed; closed when undefined */
  flag: string | undefined;
  /** the page's title */
  title: string;
  onClose(): void;
  /** a row came back: the page lists its rows again */
  onRestored(): void;
  /** 历史 of a deleted row */
  onHistory(row: DeletedRow): void;
}

const PAGE_SIZE = 10;

/** 回收站 / Deleted rows of a table: who deleted what and when, newest first, each with 恢复 (undelete). */
export function DeletedRowsDrawer({ flag, title, onClose, onRestored, onHistory }: Props) {
  const { t } = useTranslation(HISTORY_NS);
  const toast = useToast();
  const [rows, setRows] = useState<DeletedRow[]>();
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [restoring, setRestoring] = useState<string>();

  const load = useCallback(
    async (which: number) => {
      if (!flag) return;
      setFailed(false);
      try {
        const answer = await call('deletedRows', { query: { _flag: flag, page: String(which), row: String(PAGE_SIZE) } });
        setRows(answer.data);
        setTotal(answer.total);
      } catch {
        setFailed(true);
      }
    },
    [flag],
  );

  useEffect(() => {
    setRows(undefined);
    setPage(1);
    void load(1);
  }, [load]);

  const undelete = async (row: DeletedRow) => {
    if (!flag) return;
    setRestoring(String(row.id));
    try {
      const answer = await call('undelete', { body: { _flag: flag, id: row.id }, silent: true });
      toast.success(answer.message);
      onRestored();
      const last = Math.max(1, Math.ceil((total - 1) / PAGE_SIZE));
      const next = Math.min(page, last);
      setPage(next);
      await load(next);
    } catch (error) {
      toast.error(String((error as ApiError).body?.message ?? (error as Error).message));
    } finally {
      setRestoring(undefined);
    }
  };

  return (
    <Drawer open={!!flag} onClose={onClose} size="large" title={t('deletedTitle', { title })} destroyOnHidden data-testid="deleted-drawer">
      {failed ? (
        <Alert type="error" showIcon message={t('http.failed', { ns: 'translation' })} />
      ) : (
        <Table<DeletedRow>
          size="small"
          rowKey={(r) => String(r.id)}
          loading={!rows}
          dataSource={rows ?? []}
          locale={{ emptyText: t('emptyDeleted') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            hideOnSinglePage: true,
            onChange: (p) => {
              setPage(p);
              void load(p);
            },
          }}
          columns={[
            { key: 'label', title: t('label'), render: (_, r) => r.label ?? `#${r.id}`, ellipsis: true },
            { key: 'id', title: t('key'), dataIndex: 'id', width: 90 },
            { key: 'by', title: t('deletedBy'), dataIndex: 'loginid', width: 110 },
            { key: 'at', title: t('deletedAt'), dataIndex: 'deletedAt', width: 170 },
            {
              key: 'actions',
              title: t('crud.actions', { ns: 'translation' }),
              width: 130,
              render: (_, r) => (
                <span className="qb-row-actions">
                  {/* the table pages' link-style action buttons (crud.css), without importing the table page */}
                  <button type="button" className="qb-row-action" onClick={() => onHistory(r)} data-testid="deleted-history">
                    {t('action')}
                  </button>
                  <Popconfirm title={t('undeleteConfirm')} okText={t('undelete')} onConfirm={() => undelete(r)}>
                    <button type="button" className="qb-row-action" disabled={restoring === String(r.id)} data-testid="deleted-undelete">
                      {t('undelete')}
                    </button>
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
