import { useState } from 'react';
import { Button, Form, Modal, Select, Space, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SQL_NAME_PATTERN, type TableMeta } from '@qb/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/index.ts';
import { LOCAL_SOURCE_ID } from '../../api/datasources.ts';
import { textIn } from '../../crud/configFromMeta.ts';
import { DEFAULT_COLUMN_LENGTH, type ColumnDraft } from './columnDraft.ts';

/** A table a column may reference, with the columns its rows may be shown by and its key's type. */
export interface ReferenceTarget {
  flag: string;
  title: string;
  labels: { name: string; title: string }[];
  keyName: string;
  keyType: string;
  keyLength?: number;
}

/**
 * The tables a column of table `tableName` on source `sourceId` may reference: the server's rule
 * (server/src/schema/references.ts), among the tables this account can see — the table itself (a tree, shown by
 * one of its own columns), an operator's created table on the same source, and on the local database the built-in
 * content tables marked referable (subjects, categories, questions). Never a system table, never across sources.
 */
export function referenceTargets(
  metas: TableMeta[],
  own: { tableName: string; sourceId: number | undefined; columns: ColumnDraft[]; column?: string },
  lang: string,
  selfTitle: (name: string) => string,
): ReferenceTarget[] {
  const targets: ReferenceTarget[] = [];
  const tableName = own.tableName.trim();
  if (SQL_NAME_PATTERN.test(tableName)) {
    const named = own.columns.filter((c) => c.isdelete !== 1 && SQL_NAME_PATTERN.test(c.columnName.trim()));
    const key = named.find((c) => c.primaryKey === 1);
    // the server checks a label of this table when the column is written, in the grid's order: a saved column, or a
    // new one above the referencing column (a new one below it is not written yet)
    const at = own.columns.findIndex((c) => c.key === own.column);
    const written = named.filter((c) => c.id !== undefined || at < 0 || own.columns.indexOf(c) < at);
    targets.push({
      flag: tableName,
      title: selfTitle(tableName),
      labels: written.map((c) => ({ name: c.columnName.trim(), title: (lang.startsWith('en') && c.titleEn.trim()) || c.intro.trim() || c.columnName.trim() })),
      keyName: key?.columnName.trim() ?? 'id',
      keyType: key?.type ?? 'int',
      ...(key?.type === 'nvarchar' ? { keyLength: key.length ?? DEFAULT_COLUMN_LENGTH } : {}),
    });
  }
  const source = own.sourceId ?? LOCAL_SOURCE_ID;
  for (const m of metas) {
    if (m.flag.toLowerCase() === tableName.toLowerCase()) continue;
    if (!(m.dynamic ? m.source === source : m.referable === true && source === LOCAL_SOURCE_ID)) continue;
    const key = m.columns.find((c) => c.name === m.primaryKey);
    targets.push({
      flag: m.flag,
      title: textIn(m.title, lang),
      labels: m.columns.map((c) => ({ name: c.name, title: textIn(c.title, lang) })),
      keyName: m.primaryKey,
      keyType: key?.type ?? 'int',
      ...(key?.type === 'nvarchar' ? { keyLength: key.length ?? DEFAULT_COLUMN_LENGTH } : {}),
    });
  }
  return targets;
}

/** The label a reference is shown by when none is chosen: `name` when the table has one (the server's default), else its first text column. */
function defaultLabel(target: ReferenceTarget | undefined): string {
  if (!target) return '';
  return target.labels.find((l) => l.name === 'name')?.name ?? target.labels.find((l) => l.name !== target.keyName)?.name ?? target.keyName;
}

interface ReferenceCellProps {
  column: ColumnDraft;
  /** the grid's titles of refTable and refLabel (the metadata's: 引用表 / 引用显示字段) */
  titles: { table: string; label: string };
  tableName: string;
  sourceId: number | undefined;
  columns: ColumnDraft[];
  onChange(patch: Partial<ColumnDraft>): void;
}

/**
 * The reference of one column in the grid (issue 31 #3): the cell shows `table.label`; its button opens a choice of
 * the tables the rules allow and of the column their rows are shown by. Choosing one gives the column the type of the
 * referenced key (an int for an id), which the CREATE TABLE follows and the server checks.
 */
export function ReferenceCell({ column, titles, tableName, sourceId, columns, onChange }: ReferenceCellProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [table, setTable] = useState('');
  const [label, setLabel] = useState('');
  const metas = useQuery({
    queryKey: ['schemaList'],
    queryFn: async () => ((await call('schemaList')).data ?? []) as TableMeta[],
    staleTime: 60_000,
    enabled: open,
  });
  const targets = referenceTargets(metas.data ?? [], { tableName, sourceId, columns, column: column.key }, i18n.language, () => t('datasources.grid.self'));
  const target = targets.find((x) => x.flag === table);
  const name = column.columnName.trim() || t('datasources.grid.unnamed');
  const why = column.options.length ? t('datasources.grid.enumOrReference') : '';

  const start = () => {
    setTable(column.refTable);
    setLabel(column.refLabel);
    setOpen(true);
  };
  const choose = (flag: string) => {
    setTable(flag);
    setLabel(defaultLabel(targets.find((x) => x.flag === flag)));
  };
  const done = () => {
    if (!table) return;
    const keyType = target?.keyType ?? 'int';
    onChange({
      refTable: table,
      refLabel: label || defaultLabel(target),
      type: keyType,
      length: keyType === 'nvarchar' ? (target?.keyLength ?? DEFAULT_COLUMN_LENGTH) : column.length,
    });
    setOpen(false);
  };
  const shown = column.refTable ? `${column.refTable}.${column.refLabel || 'name'}` : t('datasources.grid.set');
  const button = (
    <Button
      size="small"
      onClick={start}
      disabled={!!why && !column.refTable}
      title={column.refTable ? shown : undefined}
      data-testid="column-reference"
      style={{ width: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      <span>{shown}</span>
      <span className="qb-sr-only">{`, ${titles.table} · ${name}`}</span>
    </Button>
  );
  // a title with its name: 书架（shelf）, Shelves (shelf)
  const named = (title: string, name: string) => (title === name ? name : i18n.language.startsWith('en') ? `${title} (${name})` : `${title}（${name}）`);
  const tableOptions = targets.map((x) => ({ value: x.flag, label: named(x.title, x.flag) }));
  if (column.refTable && !targets.some((x) => x.flag === column.refTable)) tableOptions.push({ value: column.refTable, label: column.refTable });
  return (
    <>
      {why && !column.refTable ? <Tooltip title={why}>{button}</Tooltip> : button}
      <Modal
        open={open}
        title={`${titles.table} · ${name}`}
        width={520}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space>
            {column.refTable ? (
              <Button
                danger
                data-testid="reference-clear"
                onClick={() => {
                  onChange({ refTable: '', refLabel: '' });
                  setOpen(false);
                }}
              >
                {t('datasources.grid.refClear')}
              </Button>
            ) : null}
            <Button onClick={() => setOpen(false)}>{t('crud.cancel')}</Button>
            <Button type="primary" disabled={!table} onClick={done} data-testid="reference-ok">
              {t('crud.ok')}
            </Button>
          </Space>
        }
      >
        <Form layout="vertical">
          <Form.Item label={titles.table} htmlFor="qb-ref-table">
            <Select
              id="qb-ref-table"
              showSearch={{ optionFilterProp: 'label' }}
              loading={metas.isLoading}
              value={table || undefined}
              placeholder={t('datasources.grid.refChoose')}
              options={tableOptions}
              onChange={choose}
              data-testid="reference-table"
            />
          </Form.Item>
          <Form.Item
            label={titles.label}
            htmlFor="qb-ref-label"
            extra={target ? t('datasources.grid.refType', { key: target.keyName, type: target.keyType }) : undefined}
          >
            <Select
              id="qb-ref-label"
              value={label || undefined}
              disabled={!target}
              options={(target?.labels ?? []).map((l) => ({ value: l.name, label: named(l.title, l.name) }))}
              onChange={(v: string) => setLabel(v)}
              data-testid="reference-label"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
