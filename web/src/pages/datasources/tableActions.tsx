import { useEffect, useState } from 'react';
import { Drawer, Empty, Select, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { selectRows } from '../../api/index.ts';
import { createSqlTable, listSourceTables } from '../../api/datasources.ts';
import { queryClient } from '../../app/queryClient.ts';

/** The SQL of a preview or a history row, read-only, one statement after the other. */
export function SqlBlock({ statements }: { statements: string[] }) {
  return (
    <pre className="qb-sql-block" data-testid="sql-preview" tabIndex={0}>
      <code>{statements.map((s) => (s.trim().endsWith(';') ? s : `${s};`)).join('\n\n')}</code>
    </pre>
  );
}

/** Why a call failed, in a dialog (not only a passing toast): the DDL's reasons are long and matter. */
export function showFailure(modal: ModalApi, t: TFunction, error: unknown) {
  void modal.error({ title: t('datasources.table.failed'), content: error instanceof Error ? error.message : t('http.failed'), okText: t('crud.ok') });
}

/**
 * 创建表: the SQL is previewed first and runs only once the person confirms it; afterwards the row shows 已建表.
 * Answers what was done ('created', 'altered') or false when nothing was changed.
 */
export async function createTableWithPreview(sheetId: number, modal: ModalApi, t: TFunction): Promise<'created' | 'altered' | false> {
  let preview;
  try {
    preview = await createSqlTable(sheetId, true);
  } catch (error) {
    showFailure(modal, t, error);
    return false;
  }
  if (preview.statements.length === 0) {
    void modal.info({ title: t('datasources.table.upToDate', { name: preview.tableName }), okText: t('crud.ok') });
    return false;
  }
  return new Promise<'created' | 'altered' | false>((resolve) => {
    void modal.confirm({
      title: t(preview.created ? 'datasources.table.alterTitle' : 'datasources.table.createTitle', { name: preview.tableName }),
      width: 720,
      content: <SqlBlock statements={preview.statements} />,
      okText: t('datasources.table.run'),
      cancelText: t('crud.cancel'),
      okButtonProps: { 'data-testid': 'confirm-create-table' } as ButtonProps,
      onCancel: () => resolve(false),
      onOk: async () => {
        try {
          await createSqlTable(sheetId, false);
          // an open page of the table shows the added or changed columns without a reload of the browser
          void queryClient.invalidateQueries({ queryKey: ['tableMeta'] });
          void queryClient.invalidateQueries({ queryKey: ['schemaList'] });
          resolve(preview.created ? 'altered' : 'created');
        } catch (error) {
          showFailure(modal, t, error);
          resolve(false);
        }
      },
    });
  });
}

interface HistoryRow {
  id: number;
  tableName: string;
  statements: string;
  result: string;
  operatorName?: string;
  createTime?: string;
}

const statementsOf = (text: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [text];
  } catch {
    return [text];
  }
};

/** 历史: every DDL change of one table definition (who, when, the SQL, the result), newest first. */
export function HistoryDrawer({ sheet, onClose }: { sheet?: { id: number; tableName: string }; onClose(): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<HistoryRow[]>();
  useEffect(() => {
    if (!sheet) return;
    let live = true;
    setRows(undefined);
    selectRows<HistoryRow>('sys_ddlHistory', { page: 1, row: 100, wheres: { sheetId: sheet.id }, sort: 'id', sortType: 'desc' })
      .then((a) => live && setRows(a.rows))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [sheet]);
  return (
    <Drawer open={!!sheet} size={720} title={t('datasources.history.title', { name: sheet?.tableName ?? '' })} onClose={onClose} data-testid="ddl-history">
      <Table<HistoryRow>
        rowKey="id"
        size="small"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('datasources.history.empty')} /> }}
        // every change with its SQL open (rows arrive after the table mounts: a default expansion would miss them)
        expandable={{
          expandedRowRender: (r) => <SqlBlock statements={statementsOf(r.statements)} />,
          expandedRowKeys: (rows ?? []).map((r) => r.id),
          showExpandColumn: false,
        }}
        columns={[
          { title: t('datasources.history.time'), dataIndex: 'createTime', width: 170 },
          { title: t('datasources.history.operator'), dataIndex: 'operatorName', width: 110 },
          {
            title: t('datasources.history.result'),
            dataIndex: 'result',
            // the server writes 'ok' for a change that ran, else the reason it failed
            render: (v: string) => (v === 'ok' ? <Tag color="green">{t('datasources.history.ok')}</Tag> : <Typography.Text type="danger">{v}</Typography.Text>),
          },
        ]}
      />
    </Drawer>
  );
}

/** 从数据库读取: the tables of the source that have no definition yet, one to choose. Answers the chosen name. */
export async function chooseTableToReadBack(sourceId: number, modal: ModalApi, t: TFunction): Promise<string | undefined> {
  let tables;
  try {
    tables = (await listSourceTables(sourceId)).filter((x) => !x.defined);
  } catch {
    return undefined; // the API client has shown why
  }
  if (tables.length === 0) {
    void modal.info({ title: t('datasources.readBack.none'), okText: t('crud.ok') });
    return undefined;
  }
  let chosen = tables[0]!.tableName;
  return new Promise((resolve) => {
    void modal.confirm({
      title: t('datasources.readBack.title'),
      content: (
        <Select
          style={{ width: '100%' }}
          showSearch
          defaultValue={chosen}
          aria-label={t('datasources.readBack.title')}
          options={tables.map((x) => ({ value: x.tableName, label: x.tableName }))}
          onChange={(v: string) => (chosen = v)}
          data-testid="read-back-select"
        />
      ),
      okText: t('datasources.readBack.run'),
      cancelText: t('crud.cancel'),
      onCancel: () => resolve(undefined),
      onOk: () => resolve(chosen),
    });
  });
}
