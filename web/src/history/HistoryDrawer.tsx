import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Empty, Popconfirm, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, type CallData } from '../api/client.ts';
import type { ApiError } from '../api/index.ts';
import { useToast } from '../app/toast.ts';
import { HISTORY_NS } from './texts.ts';
import { ACTION_COLORS, valueText } from './values.ts';
import './history.css';

type History = CallData<'history'>;
type Revision = History['revisions'][number];

export interface HistoryTarget {
  flag: string;
  /** the row's key */
  id: number | string;
  /** what names the row in the title */
  name: string;
  /** the row's `_version` as listed: a restore over a row changed since is refused */
  version?: string;
  /** the table's key column (id unless an operator's table names another) */
  keyColumn?: string;
}

interface Props {
  target: HistoryTarget | undefined;
  /** the role may save on the table: restore buttons */
  canRestore: boolean;
  onClose(): void;
  /** a restore was written: the page lists its rows again */
  onRestored(): void;
}

/** 历史 / History of one row: its revisions newest first, each with its fields before → after, and restore. */
export function HistoryDrawer({ target, canRestore, onClose, onRestored }: Props) {
  const { t, i18n } = useTranslation(HISTORY_NS);
  const toast = useToast();
  const [history, setHistory] = useState<History>();
  const [failed, setFailed] = useState(false);
  const [restoring, setRestoring] = useState<number>();
  // the version the next restore compares: the listed row's, then the one each restore leaves
  const [version, setVersion] = useState<string | undefined>(target?.version);
  const lang = i18n.language === 'en-US' ? 'en' : 'zh';

  const load = useCallback(async () => {
    if (!target) return;
    setFailed(false);
    try {
      setHistory((await call('history', { query: { _flag: target.flag, id: String(target.id) } })).data);
    } catch {
      setFailed(true);
    }
  }, [target]);

  useEffect(() => {
    setHistory(undefined);
    setVersion(target?.version);
    void load();
  }, [target, load]);

  /** The row's version as it is now (after a restore): the next restore from this drawer compares it. */
  const readVersion = async () => {
    if (!target) return;
    try {
      const key = target.keyColumn ?? 'id';
      const rows = await call('select', { query: { _flag: target.flag, wheres: { [key]: { type: 'eq', value: target.id } }, row: '1' }, silent: true });
      const version = rows.data[0]?._version;
      setVersion(typeof version === 'string' ? version : undefined);
    } catch {
      setVersion(undefined);
    }
  };

  const restore = async (revision: Revision) => {
    if (!target) return;
    setRestoring(revision.id);
    try {
      const answer = await call('restore', {
        body: { _flag: target.flag, id: target.id, revision: revision.id, ...(version ? { _version: version } : {}) },
        silent: true,
      });
      toast.success(answer.data.columns.length ? answer.message : t('restoredNothing'));
      onRestored();
      await Promise.all([load(), readVersion()]);
    } catch (error) {
      toast.error(String((error as ApiError).body?.message ?? (error as Error).message));
      // a conflict: the row changed since it was listed; the history and the version are read again
      await Promise.all([load(), readVersion()]);
    } finally {
      setRestoring(undefined);
    }
  };

  const fieldTitle = (column: string) => {
    const field = history?.fields[column];
    const title = field ? field.title[lang] : column;
    return field?.removed ? t('removedColumn', { name: title }) : title;
  };

  const renderRevision = (r: Revision, index: number) => {
    // the log says `save` for a new row and an edit alike: the first revision, with no value before, is the creation
    const kind = r.action === 'save' && index === history!.revisions.length - 1 && r.changes.every((c) => c.before === null) ? 'create' : r.action;
    return (
      <li key={r.id} className="qb-history-revision" data-testid="history-revision">
        <div className="qb-history-head">
          <Tag color={ACTION_COLORS[kind] ?? 'default'}>{t(`actions.${kind}`, { defaultValue: r.action })}</Tag>
          <span className="qb-history-who">{r.loginid === 'system' || !r.loginid ? t('system') : r.loginid}</span>
          <span className="qb-history-when">{r.createTime}</span>
          <span className="qb-history-spacer" />
          {r.current ? (
            <Tag color="blue">{t('current')}</Tag>
          ) : (
            canRestore &&
            (r.restorable ? (
              <Popconfirm
                title={t('restoreConfirm', { time: r.createTime ?? '' })}
                okText={t('restore')}
                cancelText={t('crud.cancel', { ns: 'translation' })}
                onConfirm={() => restore(r)}
              >
                <Button size="small" loading={restoring === r.id} data-testid="history-restore">
                  {t('restore')}
                </Button>
              </Popconfirm>
            ) : (
              <Tooltip title={r.refusal?.message}>
                {/* a disabled button gets no pointer or focus events: the span carries the hover and the reason */}
                <span className="qb-history-refused" role="group" tabIndex={0} aria-label={r.refusal ? `${t('restore')}: ${r.refusal.message}` : undefined}>
                  <Button size="small" disabled data-testid="history-restore">
                    {t('restore')}
                  </Button>
                </span>
              </Tooltip>
            ))
          )}
        </div>
        {r.changes.length === 0 ? (
          <Typography.Text type="secondary">{t('noFields')}</Typography.Text>
        ) : (
          <table className="qb-history-changes">
            <thead>
              <tr>
                <th scope="col">{t('field')}</th>
                <th scope="col">{t('before')}</th>
                <th scope="col">{t('after')}</th>
              </tr>
            </thead>
            <tbody>
              {r.changes.map((c) => (
                <tr key={c.column}>
                  <th scope="row">{fieldTitle(c.column)}</th>
                  {(['before', 'after'] as const).map((side) => {
                    const text = valueText(c[side], history?.fields[c.column], lang, (label) => t('deletedReference', { label }));
                    return (
                      <td key={side} className={side === 'before' ? 'qb-history-before' : 'qb-history-after'}>
                        {text === null ? (
                          <Typography.Text type="secondary">{t('none')}</Typography.Text>
                        ) : (
                          <Typography.Paragraph className="qb-history-value" ellipsis={{ rows: 3, expandable: true, symbol: '…' }}>
                            {text}
                          </Typography.Paragraph>
                        )}
                        {c.cut?.includes(side) && <Tag className="qb-history-cut">{t('cut')}</Tag>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </li>
    );
  };

  return (
    <Drawer open={!!target} onClose={onClose} size="large" title={target ? t('title', { name: target.name }) : ''} destroyOnHidden data-testid="history-drawer">
      {failed ? (
        <Alert type="error" showIcon message={t('http.failed', { ns: 'translation' })} />
      ) : !history ? (
        <Skeleton active aria-label={t('loading')} />
      ) : history.revisions.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <>
          {history.deleted && <Alert className="qb-history-note" type="warning" showIcon message={t('deletedNote')} />}
          <ol className="qb-history-list">{history.revisions.map(renderRevision)}</ol>
        </>
      )}
    </Drawer>
  );
}
