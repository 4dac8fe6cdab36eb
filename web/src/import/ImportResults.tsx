import { Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, ExclamationCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import type { RowProblem } from '../api/import.ts';
import type { FileOutcome, OutcomeState } from './importFlow.ts';
import { IMPORT_NS } from './texts.ts';

const STATE_LOOK: Record<OutcomeState, { color: string; icon: ReactNode }> = {
  waiting: { color: 'default', icon: <ClockCircleOutlined /> },
  running: { color: 'processing', icon: <LoadingOutlined /> },
  imported: { color: 'success', icon: <CheckCircleFilled /> },
  refused: { color: 'error', icon: <ExclamationCircleFilled /> },
  failed: { color: 'error', icon: <CloseCircleFilled /> },
  notRun: { color: 'default', icon: <MinusCircleOutlined /> },
};

/** The result panel: one block per file, with its counts and, for a refused file, its problems by sheet row. */
export function ImportResults({ outcomes }: { outcomes: FileOutcome[] }) {
  const { t } = useTranslation(IMPORT_NS);
  if (outcomes.length === 0) return null;
  return (
    <section className="qb-import-results" data-testid="import-results" aria-label={t('result.title')}>
      <Typography.Text strong className="qb-import-results-title">
        {t('result.title')}
      </Typography.Text>
      <div className="qb-import-results-list">
        {outcomes.map((outcome, i) => (
          <FileResult key={outcome.uid} outcome={outcome} index={i} />
        ))}
      </div>
    </section>
  );
}

function FileResult({ outcome, index }: { outcome: FileOutcome; index: number }) {
  const { t } = useTranslation(IMPORT_NS);
  const look = STATE_LOOK[outcome.state];
  const { counts } = outcome;
  const ref = useRef<HTMLDivElement>(null);
  // the file being imported, and a refused file's problems, scroll into view as the run goes on
  useEffect(() => {
    if (outcome.state === 'running' || outcome.state === 'refused') ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome.state]);
  return (
    <div ref={ref} className={`qb-import-result qb-import-result-${outcome.state}`} data-testid={`import-result-${index}`} data-state={outcome.state}>
      <div className="qb-import-result-head">
        <Typography.Text className="qb-import-result-name" ellipsis={{ tooltip: outcome.name }}>
          {outcome.name}
        </Typography.Text>
        <Tag color={look.color} icon={look.icon} className="qb-import-result-state" data-testid="import-result-state">
          {t(`result.${outcome.state}`)}
        </Tag>
      </div>
      {(outcome.category || counts) && (
        <div className="qb-import-result-line">
          {outcome.category && (
            <span className="qb-import-result-into" data-testid="import-result-category">
              {t('result.into', { name: outcome.category.name })}
              {outcome.categoryRemoved ? (
                <Tag className="qb-import-result-new" data-testid="import-category-removed">
                  {t('result.categoryRemoved')}
                </Tag>
              ) : (
                outcome.category.created && <Tag className="qb-import-result-new">{t('result.newCategory')}</Tag>
              )}
            </span>
          )}
          {counts && (
            <span className="qb-import-result-counts" data-testid="import-result-counts">
              <Count label={t('result.rows')} value={counts.rows} name="rows" />
              <Count label={t('result.inserted')} value={counts.inserted} name="inserted" />
              <Count label={t('result.skipped')} value={counts.skipped} name="skipped" />
              <Count label={t('result.rejected')} value={counts.rejected} name="rejected" danger={counts.rejected > 0} />
            </span>
          )}
        </div>
      )}
      {outcome.state === 'refused' && counts ? (
        <Problems problems={counts.problems} rejected={counts.rejected} />
      ) : (
        outcome.state === 'failed' &&
        outcome.message && (
          <Typography.Text type="danger" className="qb-import-result-message" data-testid="import-result-message">
            {outcome.message}
          </Typography.Text>
        )
      )}
    </div>
  );
}

function Count({ label, value, name, danger }: { label: string; value: number; name: string; danger?: boolean }) {
  return (
    <span className="qb-import-count" data-testid={`import-count-${name}`}>
      <span className="qb-import-count-label">{label}</span>
      <Typography.Text strong type={danger ? 'danger' : undefined}>
        {value}
      </Typography.Text>
    </span>
  );
}

function Problems({ problems, rejected }: { problems: RowProblem[]; rejected: number }) {
  const { t } = useTranslation(IMPORT_NS);
  return (
    <div className="qb-import-problems" data-testid="import-problems">
      <Typography.Text type="danger">{t('result.refusedNote')}</Typography.Text>
      {problems.length > 0 && (
        <Table<RowProblem & { key: number }>
          size="small"
          pagination={false}
          scroll={{ y: 150 }}
          dataSource={problems.map((p, i) => ({ ...p, key: i }))}
          columns={[
            { title: t('result.row'), dataIndex: 'row', width: 72 },
            { title: t('result.column'), dataIndex: 'column', width: 100, render: (v?: string) => v || '—' },
            { title: t('result.problem'), dataIndex: 'message' },
          ]}
        />
      )}
      {/* the server lists the first 100 problems, several a row: some rows are left out when fewer rows are named */}
      {rejected > new Set(problems.map((p) => p.row)).size && (
        <Typography.Text type="secondary">{t('result.problemsShown', { shown: problems.length, total: rejected })}</Typography.Text>
      )}
    </div>
  );
}
