import { Button, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { FieldDef, PageContextApi, ToolbarButton } from './types.ts';

export interface CrudToolbarProps {
  canAdd: boolean;
  canDelete: boolean;
  selectedCount: number;
  exportable: boolean; // a server table (static demo data cannot be exported)
  exporting: boolean;
  buttons: ToolbarButton[];
  page: PageContextApi;
  columnFields: FieldDef[];
  hidden: string[];
  onHiddenChange(hidden: string[]): void;
  onColumnsReset(): void;
  onAdd(): void;
  onRefresh(): void;
  onBatchDelete(): void;
  onPrint(): void;
  onExport(): void;
}

/** Add, refresh, the page's own buttons and batch delete on the left; columns, print and export on the right. */
export function CrudToolbar(p: CrudToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="qb-crud-toolbar" data-testid="crud-toolbar">
      <Space wrap>
        {p.canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd} data-testid="toolbar-add">
            {t('crud.add')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={p.onRefresh} data-testid="toolbar-refresh">
          {t('crud.refresh')}
        </Button>
        {p.buttons.map((b) => (
          <Button key={b.key} icon={b.icon} onClick={() => b.onClick(p.page)} data-testid={`toolbar-${b.key}`}>
            {t(b.labelKey)}
          </Button>
        ))}
        {p.canDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={p.selectedCount === 0} onClick={p.onBatchDelete} data-testid="toolbar-batch-delete">
            {t('crud.batchDelete')}
            {p.selectedCount > 0 ? ` (${p.selectedCount})` : ''}
          </Button>
        )}
      </Space>
      <Space wrap>
        <ColumnChooser fields={p.columnFields} hidden={p.hidden} onChange={p.onHiddenChange} onReset={p.onColumnsReset} />
        <Button icon={<PrinterOutlined />} onClick={p.onPrint} data-testid="toolbar-print">
          {t('crud.print')}
        </Button>
        {p.exportable && (
          <Button icon={<DownloadOutlined />} onClick={p.onExport} loading={p.exporting} data-testid="toolbar-export">
            {p.exporting ? t('crud.exporting') : t('crud.export')}
          </Button>
        )}
      </Space>
    </div>
  );
}
