import { Button, Checkbox, Input, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TableMeta } from '@qb/contracts';
import { useTranslation } from 'react-i18next';
import { columnTitle } from './shared.ts';
import { COLUMN_TYPES, newColumn, removeColumn, type ColumnDraft } from './columnDraft.ts';
import { EnumCell } from './EnumEditor.tsx';
import { ReferenceCell } from './ReferencePicker.tsx';

interface ColumnGridProps {
  meta: TableMeta | undefined;
  columns: ColumnDraft[];
  onChange(columns: ColumnDraft[]): void;
  /** after a refused save: empty names are marked */
  showErrors: boolean;
  disabled?: boolean;
  /** the table being defined and its source: what a reference may point at (ReferencePicker.tsx) */
  tableName?: string;
  sourceId?: number;
}

/** The editable column grid of a table definition: one row per column, inputs in every cell. */
export function ColumnGrid({ meta, columns, onChange, showErrors, disabled, tableName = '', sourceId }: ColumnGridProps) {
  const { t, i18n } = useTranslation();
  const title = (name: string) => columnTitle(meta, name, i18n.language);
  const set = (key: string, patch: Partial<ColumnDraft>) => onChange(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const english = i18n.language.startsWith('en');
  const flagBox = (name: 'primaryKey' | 'nonEmpty' | 'autoIncrement') => ({
    title: title(name),
    dataIndex: name,
    // wide enough for the longest word of its English title (increment): a narrower cell broke words apart
    width: english ? 84 : 56,
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
        // the twelve columns fit the 1200 px dialog of a 1280 px window side by side in both languages (English titles are
        // longer: narrower boxes, a wider 引用表 for questionsClass.name); narrower, the grid scrolls sideways (字段名 and 操作 stay)
        scroll={{ x: 1120, y: 320 }}
        locale={{ emptyText: t('datasources.table.noColumns') }}
        columns={[
          {
            title: title('columnName'),
            dataIndex: 'columnName',
            width: english ? 108 : 120,
            fixed: 'left',
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
            // nvarchar whole, with the arrow
            width: 120,
            render: (_, c) => (
              <Select
                value={c.type}
                aria-label={title('type')}
                style={{ width: '100%' }}
                // a reference column has its key's type (ReferencePicker.tsx); the server refuses another
                disabled={!!c.refTable}
                title={c.refTable ? t('datasources.grid.typeFollows') : undefined}
                options={COLUMN_TYPES.map((v) => ({ value: v, label: v }))}
                onChange={(type: string) => set(c.key, { type })}
                data-testid="column-type"
              />
            ),
          },
          {
            title: title('length'),
            dataIndex: 'length',
            width: english ? 64 : 76,
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
            width: english ? 72 : 84,
            render: (_, c) => <Input value={c.defaults} aria-label={title('defaults')} onChange={(e) => set(c.key, { defaults: e.target.value })} />,
          },
          flagBox('primaryKey'),
          flagBox('nonEmpty'),
          flagBox('autoIncrement'),
          {
            title: title('intro'),
            dataIndex: 'intro',
            width: english ? 100 : 120,
            render: (_, c) => (
              <Input value={c.intro} aria-label={title('intro')} onChange={(e) => set(c.key, { intro: e.target.value })} data-testid="column-intro" />
            ),
          },
          {
            title: title('titleEn'),
            dataIndex: 'titleEn',
            width: english ? 100 : 120,
            render: (_, c) => (
              <Input
                value={c.titleEn}
                maxLength={200}
                aria-label={title('titleEn')}
                onChange={(e) => set(c.key, { titleEn: e.target.value })}
                data-testid="column-title-en"
              />
            ),
          },
          {
            title: title('options'),
            dataIndex: 'options',
            width: english ? 104 : 92,
            render: (_, c) => <EnumCell column={c} title={title('options')} onChange={(options) => set(c.key, { options })} />,
          },
          {
            title: title('refTable'),
            dataIndex: 'refTable',
            render: (_, c) => (
              <ReferenceCell
                column={c}
                titles={{ table: title('refTable'), label: title('refLabel') }}
                tableName={tableName}
                sourceId={sourceId}
                columns={columns}
                onChange={(patch) => set(c.key, patch)}
              />
            ),
          },
          {
            title: t('crud.actions'),
            key: '_remove',
            width: english ? 68 : 56,
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
