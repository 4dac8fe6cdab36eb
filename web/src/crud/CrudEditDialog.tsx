import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFormValues, isFormValueField, type FormSchema } from '@qb/contracts';
import { ApiError, type SaveAnswer } from '../api/index.ts';
import { SchemaFormDialog } from '../forms/SchemaFormDialog.tsx';
import { useToast } from '../shell/toast.ts';
import { SAVE_MESSAGE_SECONDS, toastSaveFailure } from './sources.ts';
import type { CrudPageConfig, CrudSource, Row } from './types.ts';

export interface CrudEditDialogProps {
  config: CrudPageConfig;
  source: CrudSource;
  /** a row without id: new; with id: edit */
  row: Row;
  open: boolean;
  onClose(): void;
  onSaved(answer: SaveAnswer, isNew: boolean): void;
  /** the page asks before its tab is closed while this is true */
  onDirtyChange(dirty: boolean): void;
  opener?: Element | null;
}

/** A key column other than id is typed in on a new row and cannot change afterwards. */
function lockedKey(schema: FormSchema, key: string): FormSchema {
  return { ...schema, fields: schema.fields.map((f) => (isFormValueField(f) && f.name === key ? { ...f, disabled: true } : f)) };
}

/**
 * The add/edit dialog of a table page: the page's form schema through the one renderer (forms/SchemaFormDialog),
 * new or edit mode by the presence of id; the server's message when a save is refused, 保存成功 when it is done.
 * Loaded with the first dialog (pickers, uploads and cascaders stay off the table's path).
 */
export default function CrudEditDialog({ config, source, row, open, onClose, onSaved, onDirtyChange, opener }: CrudEditDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const isNew = row.id === undefined || row.id === null || row.id === '';
  const key = config.rowKey ?? 'id';
  const schema = useMemo(() => (isNew || key === 'id' ? config.form : lockedKey(config.form, key)), [config.form, isNew, key]);
  // the values the dialog opens with, once (the page mounts a dialog per opening): a new row starts from the schema's defaults
  const [initialValues] = useState(() => {
    const values = isNew ? { ...defaultFormValues(config.form), ...row } : row;
    return config.toForm ? config.toForm(values) : values;
  });

  const submit = async (values: Record<string, unknown>) => {
    const merged: Row = { ...values, ...(isNew ? {} : { id: row.id }) };
    // the generic API names the row by id; its key column itself cannot be changed
    if (!isNew && key !== 'id') delete merged[key];
    const params = config.toParams ? config.toParams(merged, isNew ? undefined : row) : merged;
    try {
      const answer = await source.save(params);
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      onSaved(answer, isNew);
    } catch (error) {
      // the server's own message, for 2 s (the client was asked not to toast it); the dialog keeps the values
      toastSaveFailure(toast, error, t);
      throw error;
    }
  };

  return (
    <SchemaFormDialog
      open={open}
      title={t(isNew ? 'crud.newTitle' : 'crud.editTitle', { title: config.title })}
      schema={schema}
      initialValues={initialValues}
      components={config.formComponents}
      context={{ flag: config.flag, rowId: isNew ? undefined : row.id }}
      name={`edit_${config.key}`}
      onSubmit={submit}
      onCancel={onClose}
      onDirtyChange={onDirtyChange}
      opener={opener}
    />
  );
}
