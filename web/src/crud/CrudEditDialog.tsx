import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFormValues, isFormValueField, type FormSchema } from '@qb/contracts';
import type { SaveAnswer } from '../api/index.ts';
import { SchemaFormDialog } from '../forms/SchemaFormDialog.tsx';
import { useToast } from '../app/toast.ts';
import { ConflictPanel } from './ConflictPanel.tsx';
import { conflictChanges, conflictFields, conflictRowOf, reappliedValues, ROW_VERSION_FIELD, type ConflictChanges } from './conflicts.ts';
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
/** A save refused because the row changed since the dialog opened: what the conflict panel shows. */
interface Conflict {
  changes: ConflictChanges;
  /** form values: the dialog's when it opened, the current row's, the ones typed */
  opened: Row;
  theirs: Row;
  mine: Row;
  /** the current row as the server answered it (with its version) */
  current: Row;
}

export default function CrudEditDialog({ config, source, row, open, onClose, onSaved, onDirtyChange, opener }: CrudEditDialogProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const isNew = row.id === undefined || row.id === null || row.id === '';
  const key = config.rowKey ?? 'id';
  const schema = useMemo(() => (isNew || key === 'id' ? config.form : lockedKey(config.form, key)), [config.form, isNew, key]);
  const toForm = (values: Row) => (config.toForm ? config.toForm(values) : values);
  // the row the dialog edits (the listed one; after "reload and re-apply", the current one) and the values its form
  // starts from (a new row: the schema's defaults); `revision` remounts the form with them
  const [base, setBase] = useState<{ row: Row; values: Row; revision: number }>(() => ({
    row,
    values: toForm(isNew ? { ...defaultFormValues(config.form), ...row } : row),
    revision: 0,
  }));
  const [conflict, setConflict] = useState<Conflict>();
  const [reloading, setReloading] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const merged: Row = { ...values, ...(isNew ? {} : { id: row.id }) };
    // the generic API names the row by id; its key column itself cannot be changed
    if (!isNew && key !== 'id') delete merged[key];
    // the version of the row as read: the server refuses the save (409) if someone changed the row since
    if (!isNew && typeof base.row[ROW_VERSION_FIELD] === 'string') merged[ROW_VERSION_FIELD] = base.row[ROW_VERSION_FIELD];
    const params = config.toParams ? config.toParams(merged, isNew ? undefined : base.row) : merged;
    try {
      const answer = await source.save(params);
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      onSaved(answer, isNew);
    } catch (error) {
      const current = conflictRowOf(error);
      if (current) {
        const theirs = toForm(current);
        const changes = conflictChanges(conflictFields(config.form, config.fields, i18n.language), base.values, theirs, values);
        setConflict({ changes, opened: base.values, theirs, mine: values, current });
      } else {
        // the server's own message, for 2 s (the client was asked not to toast it); the dialog keeps the values
        toastSaveFailure(toast, error, t);
      }
      throw error;
    }
  };

  /** The current row (read again: the panel may have been open a while), with the fields the person changed on top. */
  const reload = async () => {
    if (!conflict) return;
    setReloading(true);
    let current = conflict.current;
    try {
      const read = await source.list({ page: 1, row: 1, wheres: { [key]: row.id as number | string } });
      if (read.rows[0]) current = read.rows[0];
    } catch {
      // the row the conflict answered is current enough: a change since makes the next save a conflict again
    }
    const theirs = toForm(current);
    setBase((b) => ({ row: current, values: reappliedValues(theirs, conflict.mine, conflict.changes.mine), revision: b.revision + 1 }));
    setConflict(undefined);
    setReloading(false);
    onDirtyChange(conflict.changes.mine.length > 0);
    toast.info(t('crud.conflict.reloaded'));
  };

  return (
    <>
      <SchemaFormDialog
        key={base.revision}
        open={open}
        title={t(isNew ? 'crud.newTitle' : 'crud.editTitle', { title: config.title })}
        schema={schema}
        initialValues={base.values}
        components={config.formComponents}
        context={{ flag: config.flag, rowId: isNew ? undefined : row.id }}
        name={`edit_${config.key}`}
        onSubmit={submit}
        onCancel={onClose}
        onDirtyChange={onDirtyChange}
        opener={opener}
      />
      {conflict && (
        <ConflictPanel
          open={open}
          changes={conflict.changes}
          opened={conflict.opened}
          theirs={conflict.theirs}
          mine={conflict.mine}
          reloading={reloading}
          onReload={() => void reload()}
          onCancel={() => setConflict(undefined)}
        />
      )}
    </>
  );
}
