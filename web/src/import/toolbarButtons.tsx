import { FileExcelOutlined, ImportOutlined } from '@ant-design/icons';
import type { ToolbarButton } from '../crud/types.ts';
import { IMPORT_NS } from './texts.ts';

// the dialogs load on the first click; the texts (labels) are registered now
const dialogs = () => import('./openDialogs.tsx');

/** 导入 (SPEC.md §2 Questions): subject, category, files. */
export const questionImportButton: ToolbarButton = {
  key: 'import',
  needs: 'import',
  labelKey: `${IMPORT_NS}:toolbar.importQuestions`,
  icon: <ImportOutlined />,
  onClick: (page) => void dialogs().then((d) => d.openImportDialog('question', page)),
};

/** 导出题目: a subject's or category's questions in the import template's layout. */
export const questionExportButton: ToolbarButton = {
  key: 'export-questions',
  needs: 'export',
  labelKey: `${IMPORT_NS}:toolbar.exportQuestions`,
  icon: <FileExcelOutlined />,
  onClick: () => void dialogs().then((d) => d.openExportDialog()),
};

/** The question bank page's import and export buttons. */
export const questionBankImportButtons: ToolbarButton[] = [questionImportButton, questionExportButton];

/** 导入分类 on the categories page: subject and files. */
export const categoryImportButton: ToolbarButton = {
  key: 'import-categories',
  needs: 'import',
  labelKey: `${IMPORT_NS}:toolbar.importCategories`,
  icon: <ImportOutlined />,
  onClick: (page) => void dialogs().then((d) => d.openImportDialog('category', page)),
};
