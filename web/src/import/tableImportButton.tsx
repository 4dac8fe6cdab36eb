import { ImportOutlined } from '@ant-design/icons';
import type { ToolbarButton } from '../crud/types.ts';
import { TABLE_IMPORT_NS } from './tableImportTexts.ts';

/**
 * 导入 on the page of a table the generic import serves (an operator's table, the members; docs/import.md "Import into
 * any table"): shown to whoever holds the import grant on it; the dialog loads on the first click.
 */
export function tableImportButton(flag: string): ToolbarButton {
  return {
    key: 'table-import',
    needs: 'import',
    labelKey: `${TABLE_IMPORT_NS}:toolbar.import`,
    icon: <ImportOutlined />,
    onClick: (page) => void import('./openTableImport.tsx').then((d) => d.openTableImportDialog(flag, page)),
  };
}
