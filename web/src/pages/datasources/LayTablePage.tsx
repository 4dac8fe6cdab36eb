import { lazy, Suspense, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { migrateFormSchema, type FormSchema } from '@qb/contracts';
import { saveRow } from '../../api/index.ts';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import type { Row } from '../../crud/types.ts';
import { SAVE_MESSAGE_SECONDS, toastSaveFailure } from '../../crud/sources.ts';
import { useCan } from '../../app/access.ts';
import { useToast } from '../../app/toast.ts';
import { formTableRowButton } from './FormTableCreate.tsx';
// the page opens on the designer: its code comes with the page's, not in a wave of its own after the page rendered
import DesignerWorkspace from '../../designer/DesignerWorkspace.tsx';
import { SOURCE_PAGE_SIZES } from './shared.ts';
import { SourceName, SourceSelect } from './SourceSelect.tsx';
import './datasources.css';

const FormDesignerDialog = lazy(() => import('../../designer/FormDesignerDialog.tsx'));

/** A stored formJson as a schema for the designer; empty or unreadable text opens an empty form. */
export function storedSchema(formJson: unknown): FormSchema | undefined {
  if (typeof formJson !== 'string' || !formJson.trim()) return undefined;
  try {
    return migrateFormSchema(JSON.parse(formJson));
  } catch {
    return undefined;
  }
}

/**
 * 表单设计 (/manage/layTable): the form designer and the form definitions (sys_layTable: name, key, table, owning
 * database by its databaseName, auto-create flag), each definition opening its form in the designer dialog.
 */
export default function LayTablePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const can = useCan('sys_layTable');
  const [designing, setDesigning] = useState<{ row: Row; reload(): void }>();

  const page = useMemo<PageOverrides>(
    () => ({
      key: 'layTable',
      flag: 'sys_layTable',
      titleKey: 'datasources.layTable.definitions',
      pageSizes: SOURCE_PAGE_SIZES,
      fields: {
        createTime: { column: { hidden: true } },
        // the local database and each source by name and host, not two identical database names (issue 19 #13)
        databaseId: { component: SourceSelect, column: { render: (value) => <SourceName value={value} /> }, options: { labelField: 'name' } },
      },
      rowButtons: can.save
        ? [{ key: 'design', labelKey: 'datasources.layTable.design', onClick: (row, p) => setDesigning({ row, reload: p.reload }) }, formTableRowButton]
        : [],
    }),
    [can.save],
  );

  const confirm = async (schema: FormSchema) => {
    if (!designing) return;
    try {
      await saveRow('sys_layTable', { id: designing.row.id, formJson: JSON.stringify(schema) });
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      designing.reload();
      setDesigning(undefined);
    } catch (error) {
      toastSaveFailure(toast, error, t);
    }
  };

  return (
    <div className="qb-laytable" data-testid="lay-table">
      <Tabs
        items={[
          {
            key: 'designer',
            label: t('datasources.layTable.designer'),
            children: <DesignerWorkspace />,
          },
          { key: 'definitions', label: t('datasources.layTable.definitions'), children: <TablePage page={page} /> },
        ]}
      />
      {designing && (
        <Suspense fallback={null}>
          <FormDesignerDialog
            open
            title={t('datasources.layTable.designTitle', { name: String(designing.row.name ?? '') })}
            initialSchema={storedSchema(designing.row.formJson)}
            onCancel={() => setDesigning(undefined)}
            onConfirm={confirm}
          />
        </Suspense>
      )}
    </div>
  );
}
