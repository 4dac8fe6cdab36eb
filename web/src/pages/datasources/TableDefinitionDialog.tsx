import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Space, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectRows, type SaveAnswer } from '../../api/index.ts';
import { saveTableDefinition } from '../../api/datasources.ts';
import { SAVE_MESSAGE_SECONDS, toastSaveFailure } from '../../crud/sources.ts';
import { useTableMeta } from '../../crud/tableMeta.ts';
import type { EditDialogProps, Row } from '../../crud/types.ts';
import { useToast } from '../../app/toast.ts';
import { ColumnGrid } from './ColumnGrid.tsx';
import { columnFromRow, columnsToSave, newColumn, recordsCreator, withCreator, type ColumnDraft } from './columnDraft.ts';

/** SPEC.md §4, §9: repeated clicks on 保存 within 1 s send one master-slave request. */
export const SAVE_DEBOUNCE_MS = 1000;
/** SPEC.md §9: a table's columns are read with page 1, row 100. */
const FIELDS_ROW = 100;
/**
 * SPEC.md §9: the table dialog is 60% wide; at least 1200 px (within the window), so that the column grid's twelve
 * columns fit without scrolling at 1280 px (issue 31 #3).
 */
const TABLE_DIALOG_WIDTH = 'max(60%, min(1200px, calc(100vw - 40px)))';

/** The source chosen in the tree: a new table is defined there. */
export const ChosenSourceContext = createContext<number | undefined>(undefined);

/**
 * The add/edit dialog of a table definition (SPEC.md §2, §5): table name (required, locked once saved),
 * description and the column grid, saved with its columns in one master-slave call.
 */
export default function TableDefinitionDialog({ config, row, open, onClose, onSaved, onDirtyChange }: EditDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const chosenSource = useContext(ChosenSourceContext);
  const fieldsMeta = useTableMeta('sys_tableFields').data;
  const [form] = Form.useForm();
  // a column may reference this same table (a tree): the grid offers it by the name typed so far
  const tableName = (Form.useWatch('tableName', form) as string | undefined) ?? String(row.tableName ?? '');
  const isNew = row.id === undefined || row.id === null || row.id === '';
  const [columns, setColumns] = useState<ColumnDraft[] | undefined>(isNew ? [newColumn()] : undefined);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const lastSave = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    if (isNew) return;
    let live = true;
    selectRows<Row>('sys_tableFields', { page: 1, row: FIELDS_ROW, wheres: { parentid: Number(row.id) }, sort: 'id', sortType: 'asc' })
      .then((answer) => live && setColumns(answer.rows.map(columnFromRow)))
      .catch(() => live && setColumns([]));
    return () => {
      live = false;
    };
  }, [isNew, row.id]);

  const changeColumns = (next: ColumnDraft[]) => {
    setColumns(next);
    onDirtyChange(true);
  };

  const save = async () => {
    if (busy.current || Date.now() - lastSave.current < SAVE_DEBOUNCE_MS) return;
    busy.current = true;
    try {
      await validateAndSave();
    } finally {
      busy.current = false;
    }
  };

  const validateAndSave = async () => {
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const shown = (columns ?? []).filter((c) => c.isdelete !== 1);
    if (shown.length === 0) return void toast.warning(t('datasources.table.needColumn'));
    if (shown.some((c) => !c.columnName.trim())) {
      setShowErrors(true);
      return void toast.warning(t('datasources.table.columnNameRequired'));
    }
    const parentid = isNew ? chosenSource : Number(row.parentid);
    const mainData: Row = {
      tableName: String(values.tableName).trim(),
      intro: values.intro ?? '',
      titleEn: String(values.titleEn ?? '').trim(),
      parentid,
      ...(isNew ? {} : { id: row.id }),
    };
    lastSave.current = Date.now();
    setSaving(true);
    try {
      const answer = await saveTableDefinition(mainData, columnsToSave(columns ?? []));
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      onDirtyChange(false);
      onSaved({ id: answer.id ?? row.id, created: isNew } as SaveAnswer, isNew);
    } catch (error) {
      toastSaveFailure(toast, error, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(isNew ? 'crud.newTitle' : 'crud.editTitle', { title: config.title })}
      width={TABLE_DIALOG_WIDTH}
      maskClosable={false}
      keyboard={false}
      closable={!saving}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose} disabled={saving} data-testid="table-cancel">
            {t('crud.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="table-save">
            {t('forms.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="edit_dataMana" layout="inline" initialValues={row} className="qb-table-def-form" onValuesChange={() => onDirtyChange(true)}>
        <Form.Item
          name="tableName"
          label={t('datasources.table.tableName')}
          rules={[{ required: true, whitespace: true, message: t('datasources.table.tableNameRequired') }]}
          validateTrigger={['onBlur', 'onChange']}
          data-testid="form-field-tableName"
        >
          <Input disabled={!isNew} maxLength={64} placeholder="book" />
        </Form.Item>
        <Form.Item name="intro" label={t('datasources.table.intro')} data-testid="form-field-intro">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('datasources.table.titleEn')} data-testid="form-field-titleEn">
          <Input maxLength={200} placeholder="Books" />
        </Form.Item>
        <Form.Item data-testid="form-field-recordCreator">
          <Tooltip title={t('datasources.table.recordCreatorHelp')}>
            <Checkbox
              checked={!!columns && recordsCreator(columns)}
              disabled={!columns || saving}
              onChange={(e) => columns && changeColumns(withCreator(columns, e.target.checked))}
              data-testid="table-record-creator"
            >
              {t('datasources.table.recordCreator')}
            </Checkbox>
          </Tooltip>
        </Form.Item>
      </Form>
      {columns ? (
        <ColumnGrid
          meta={fieldsMeta}
          columns={columns}
          onChange={changeColumns}
          showErrors={showErrors}
          disabled={saving}
          tableName={tableName}
          sourceId={isNew ? chosenSource : Number(row.parentid)}
        />
      ) : (
        <div style={{ padding: 32, textAlign: 'center' }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}
