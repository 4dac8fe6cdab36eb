import { Button, Checkbox, Input, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TableMeta } from '@qb/contracts';
import { useTranslation } from 'react-i18next';
import { columnTitle } from './shared.ts';

/** SPEC.md §3: the logical column types; §9: a new column is 50 long. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export const DEFAULT_COLUMN_LENGTH = 50;

/** One row of the grid: a saved column has its id; `key` names the row in the grid only. */
export interface ColumnDraft {
  key: string;
  id?: number;
  columnName: string;
  type: string;
  length: number | null;
  defaults: string;
  primaryKey: 0 | 1;
  nonEmpty: 0 | 1;
  autoIncrement: 0 | 1;
  intro: string;
  isdelete: 0 | 1;
}

let serial = 0;
export function newColumn(): ColumnDraft {
  serial += 1;
  return {
    key: `new-${serial}`,
    columnName: '',
    type: 'nvarchar',
    length: DEFAULT_COLUMN_LENGTH,
    defaults: '',
    primaryKey: 0,
    nonEmpty: 0,
    autoIncrement: 0,
    intro: '',
    isdelete: 0,
  };
}

/** A saved column as the grid edits it. */
export function columnFromRow(row: Record<string, unknown>): ColumnDraft {
  const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);
  return {
    key: `saved-${String(row.id)}`,
    id: Number(row.id),
    columnName: String(row.columnName ?? ''),
    type: String(row.type ?? 'nvarchar'),
    length: row.length === null || row.length === undefined ? DEFAULT_COLUMN_LENGTH : Number(row.length),
    defaults: row.defaults === null || row.defaults === undefined ? '' : String(row.defaults),
    primaryKey: flag(row.primaryKey),
    nonEmpty: flag(row.nonEmpty),
    autoIncrement: flag(row.autoIncrement),
    intro: String(row.intro ?? ''),
    isdelete: 0,
  };
}

/**
 * SPEC.md §4: deleting a saved column marks it isdelete 1 (it stays in the saved set, hidden); a new one is dropped.
 */
export function removeColumn(columns: ColumnDraft[], key: string): ColumnDraft[] {
  return columns.flatMap((c) => (c.key !== key ? [c] : c.id !== undefined ? [{ ...c, isdelete: 1 as const }] : []));
}

interface ColumnGridProps {
  meta: TableMeta | undefined;
  columns: ColumnDraft[];
  onChange(columns: ColumnDraft[]): void;
  /** after a refused save: empty names are marked */
  showErrors: boolean;
  disabled?: boolean;
}

/** The editable column grid of a table definition: one row per column, inputs in every cell. */
export function ColumnGrid({ meta, columns, onChange, showErrors, disabled }: ColumnGridProps) {
  const { t, i18n } = useTranslation();
  const title = (name: string) => columnTitle(meta, name, i18n.language);
  const set = (key: string, patch: Partial<ColumnDraft>) => onChange(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const flagBox = (name: 'primaryKey' | 'nonEmpty' | 'autoIncrement') => ({
    title: title(name),
    dataIndex: name,
    // wide enough for the longest word of its English title (increment): a narrower cell broke words apart
    width: 84,
    align: 'center' as const,
    render: (_: unknown, c: ColumnDraft) => (
      <Checkbox checked={c[name] === 1} aria-label={title(name)} onChange={(e) => set(c.key, { [name]: e.target.checked ? 1 : 0 })} />
    ),
  });
  const shown = columns.filter((c) => c.isdelete !== 1);

  return (
    <div className="qb-column-grid" data-testid="column-grid">
      <Table<ColumnDraft>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={shown}
        scroll={{ x: 860, y: 320 }}
        locale={{ emptyText: t('datasources.table.noColumns') }}
        columns={[
          {
            title: title('columnName'),
            dataIndex: 'columnName',
            width: 130,
            render: (_, c) => (
              <Input
                value={c.columnName}
                aria-label={title('columnName')}
                status={showErrors && !c.columnName.trim() ? 'error' : undefined}
                placeholder={t('datasources.table.columnName')}
                onChange={(e) => set(c.key, { columnName: e.target.value })}
                data-testid="column-name"
              />
            ),
          },
          {
            title: title('type'),
            dataIndex: 'type',
            width: 116,
            render: (_, c) => (
              <Select
                value={c.type}
                aria-label={title('type')}
                style={{ width: '100%' }}
                options={COLUMN_TYPES.map((v) => ({ value: v, label: v }))}
                onChange={(type: string) => set(c.key, { type })}
                data-testid="column-type"
              />
            ),
          },
          {
            title: title('length'),
            dataIndex: 'length',
            width: 84,
            render: (_, c) => (
              <InputNumber
                value={c.length}
                min={1}
                max={4000}
                precision={0}
                aria-label={title('length')}
                style={{ width: '100%' }}
                onChange={(v) => set(c.key, { length: v })}
              />
            ),
          },
          {
            title: title('defaults'),
            dataIndex: 'defaults',
            width: 90,
            render: (_, c) => <Input value={c.defaults} aria-label={title('defaults')} onChange={(e) => set(c.key, { defaults: e.target.value })} />,
          },
          flagBox('primaryKey'),
          flagBox('nonEmpty'),
          flagBox('autoIncrement'),
          {
            title: title('intro'),
            dataIndex: 'intro',
            render: (_, c) => (
              <Input value={c.intro} aria-label={title('intro')} onChange={(e) => set(c.key, { intro: e.target.value })} data-testid="column-intro" />
            ),
          },
          {
            title: t('crud.actions'),
            key: '_remove',
            width: 76,
            fixed: 'right',
            render: (_, c) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('datasources.table.removeColumn')}
                title={t('datasources.table.removeColumn')}
                onClick={() => onChange(removeColumn(columns, c.key))}
                data-testid="column-remove"
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...columns, newColumn()])}
        disabled={disabled}
        data-testid="column-add"
        style={{ marginTop: 8 }}
      >
        {t('datasources.table.addColumn')}
      </Button>
    </div>
  );
}
