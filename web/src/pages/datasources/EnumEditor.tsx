import { useState } from 'react';
import { Alert, Button, Input, Modal, Table, Tooltip, type ButtonProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENUM_TYPES, enumProblem, type ColumnDraft, type EnumOption } from './columnDraft.ts';

interface EnumCellProps {
  column: ColumnDraft;
  /** the grid's title of the options column (the metadata's: 枚举值 / Enumeration) */
  title: string;
  onChange(options: EnumOption[]): void;
}

/** A row of the editor: the value as typed (a number column's value is sent as a number, columnDraft.optionsToSave). */
interface Line extends EnumOption {
  line: number;
}

/**
 * The enumeration (choice list) of one column in the grid (issue 31 #3): the cell says how many values it has; its
 * button opens the list, each value with its Chinese and English label. The generated page shows a dropdown of them.
 * A reference and an enumeration exclude each other, and a datetime or image column takes none (the server's rules).
 */
export function EnumCell({ column, title, onChange }: EnumCellProps) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>();
  const [problem, setProblem] = useState<string>();
  const name = column.columnName.trim() || t('datasources.grid.unnamed');
  const why = column.refTable
    ? t('datasources.grid.enumOrReference')
    : !ENUM_TYPES.includes(column.type)
      ? t('datasources.grid.enumType', { type: column.type })
      : '';
  const count = column.options.length;
  const open = () => {
    setProblem(undefined);
    setLines(column.options.length ? column.options.map((o, line) => ({ ...o, line })) : [{ value: '', zh: '', en: '', line: 0 }]);
  };
  const set = (line: number, patch: Partial<EnumOption>) => setLines((ls) => ls?.map((l) => (l.line === line ? { ...l, ...patch } : l)));
  const done = () => {
    const kept = (lines ?? []).filter((l) => String(l.value).trim() !== '' || l.zh.trim() !== '' || l.en.trim() !== '');
    const found = enumProblem(kept, column.type, column.length);
    if (found) return setProblem(t(found.key, found.values));
    onChange(kept.map(({ line: _line, ...o }) => o));
    setLines(undefined);
  };
  const button = (
    <Button size="small" onClick={open} disabled={!!why && count === 0} data-testid="column-options" style={{ width: '100%' }}>
      {/* the name is what it shows and then which column (WCAG 2.5.3: the visible text is part of the name) */}
      <span>{count ? t('datasources.grid.enumCount', { count }) : t('datasources.grid.set')}</span>
      <span className="qb-sr-only">{`, ${title} · ${name}`}</span>
    </Button>
  );
  return (
    <>
      {why && count === 0 ? <Tooltip title={why}>{button}</Tooltip> : button}
      <Modal
        open={!!lines}
        title={`${title} · ${name}`}
        width={620}
        onCancel={() => setLines(undefined)}
        onOk={done}
        okText={t('crud.ok')}
        cancelText={t('crud.cancel')}
        okButtonProps={{ 'data-testid': 'options-ok' } as ButtonProps}
        destroyOnHidden
      >
        {why ? <Alert type="warning" showIcon title={why} style={{ marginBottom: 8 }} /> : null}
        <Table<Line>
          size="small"
          rowKey="line"
          pagination={false}
          dataSource={lines ?? []}
          data-testid="options-editor"
          columns={[
            {
              title: t('datasources.grid.enumValue'),
              width: 120,
              render: (_, l) => (
                <Input value={String(l.value)} aria-label={t('datasources.grid.enumValue')} onChange={(e) => set(l.line, { value: e.target.value })} />
              ),
            },
            {
              title: t('datasources.grid.enumZh'),
              render: (_, l) => <Input value={l.zh} aria-label={t('datasources.grid.enumZh')} onChange={(e) => set(l.line, { zh: e.target.value })} />,
            },
            {
              title: t('datasources.grid.enumEn'),
              render: (_, l) => <Input value={l.en} aria-label={t('datasources.grid.enumEn')} onChange={(e) => set(l.line, { en: e.target.value })} />,
            },
            {
              key: '_remove',
              title: <span className="qb-sr-only">{t('crud.actions')}</span>,
              width: 44,
              render: (_, l) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('datasources.grid.enumRemove')}
                  title={t('datasources.grid.enumRemove')}
                  onClick={() => setLines((ls) => ls?.filter((x) => x.line !== l.line))}
                />
              ),
            },
          ]}
        />
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          data-testid="options-add"
          onClick={() => setLines((ls) => [...(ls ?? []), { value: '', zh: '', en: '', line: Math.max(-1, ...(ls ?? []).map((l) => l.line)) + 1 }])}
        >
          {t('datasources.grid.enumAdd')}
        </Button>
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} data-testid="options-problem" /> : null}
        <div className="qb-grid-note">{t('datasources.grid.enumNote')}</div>
      </Modal>
    </>
  );
}
