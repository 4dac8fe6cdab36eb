import { lazy, Suspense, useState } from 'react';
import { Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import type { SaveAnswer } from '../api/index.ts';
import type { CrudPageConfig, CrudSource, Row } from './types.ts';

/** Loads the form's code; the page calls it when idle so that the first dialog opens at once. */
export const loadEditForm = () => import('./EditForm.tsx');
const EditForm = lazy(loadEditForm);

/** SPEC.md §8/§9: save messages show for 2 s; the form dialog is 50% wide. */
export const SAVE_MESSAGE_SECONDS = 2;
export const DIALOG_WIDTH = '50%';

export interface EditDialogProps {
  config: CrudPageConfig;
  meta?: TableMeta;
  source: CrudSource;
  /** undefined: closed; a row without id: new; a row with id: edit */
  row: Row | undefined;
  onClose(): void;
  onSaved(answer: SaveAnswer, isNew: boolean): void;
  /** the page asks before its tab is closed while this is true */
  onDirtyChange(dirty: boolean): void;
}

/** The add/edit dialog: new or edit mode by the presence of id. */
export function EditDialog(props: EditDialogProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const isNew = !props.row?.id;
  const title = t(isNew ? 'crud.newTitle' : 'crud.editTitle', { title: t(props.config.titleKey) });
  return (
    <Modal
      open={!!props.row}
      title={title}
      width={DIALOG_WIDTH}
      className="qb-edit-dialog"
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      closable={!saving}
      keyboard={!saving}
      onCancel={props.onClose}
    >
      {/* fields take their kinds and required flags from the column metadata: wait for it */}
      {props.row && (props.meta || !props.source.serverTable) ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <EditForm {...props} row={props.row} saving={saving} setSaving={setSaving} />
        </Suspense>
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} />
      )}
    </Modal>
  );
}
