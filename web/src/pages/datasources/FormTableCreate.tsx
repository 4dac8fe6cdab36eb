import { Table, Typography, type ButtonProps } from 'antd';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { createTableFromForm, type FormTableColumn } from '../../api/datasources.ts';
import type { RowButton } from '../../crud/types.ts';
import { showFailure, SqlBlock } from './tableActions.tsx';

// Auto-create from a form definition (docs/forms.md "Auto-create"): the derived columns and the SQL are shown, and
// the table is made only once the person confirms them.

function ColumnsPreview({ columns, t }: { columns: FormTableColumn[]; t: TFunction }) {
  return (
    <Table<FormTableColumn>
      size="small"
      rowKey="columnName"
      pagination={false}
      data-testid="form-table-columns"
      dataSource={columns}
      columns={[
        { title: t('forms.createTable.column'), dataIndex: 'columnName' },
        { title: t('forms.createTable.type'), render: (_, c) => (c.type === 'nvarchar' && c.length ? `nvarchar(${c.length})` : c.type) },
        { title: t('forms.createTable.label'), dataIndex: 'intro' },
        { title: t('forms.createTable.kind'), render: (_, c) => c.kind ?? (c.primaryKey ? t('forms.createTable.key') : t('forms.createTable.system')) },
      ]}
    />
  );
}

/** Previews the table of form definition `formId`, and creates it when confirmed; answers whether it was created. */
export async function createTableFromFormWithPreview(formId: number, modal: ModalApi, t: TFunction): Promise<boolean> {
  let preview;
  try {
    preview = await createTableFromForm(formId, true);
  } catch (error) {
    showFailure(modal, t, error);
    return false;
  }
  return new Promise<boolean>((resolve) => {
    void modal.confirm({
      title: t('forms.createTable.title', { name: preview.tableName }),
      width: 760,
      content: (
        <>
          <Typography.Paragraph>{t('forms.createTable.explain')}</Typography.Paragraph>
          <ColumnsPreview columns={preview.columns} t={t} />
          <SqlBlock statements={preview.statements} />
        </>
      ),
      okText: t('forms.createTable.run'),
      cancelText: t('crud.cancel'),
      okButtonProps: { 'data-testid': 'confirm-form-table' } as ButtonProps,
      onCancel: () => resolve(false),
      onOk: async () => {
        try {
          await createTableFromForm(formId, false);
          void modal.success({ title: t('forms.createTable.done', { name: preview.tableName }), okText: t('crud.ok') });
          resolve(true);
        } catch (error) {
          showFailure(modal, t, error);
          resolve(false);
        }
      },
    });
  });
}

/**
 * The row button of the form definitions table (/manage/layTable) that makes a definition's table: mount it in the
 * page's `rowButtons`. The server refuses a definition without the auto-create flag with its reason.
 */
export const formTableRowButton: RowButton = {
  key: 'createTable',
  labelKey: 'forms.createTable.button',
  onClick: (row, page) => {
    if (!page.modal || !page.t) return;
    void createTableFromFormWithPreview(Number(row.id), page.modal, page.t).then((created) => created && page.reload());
  },
};
