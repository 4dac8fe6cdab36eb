import { useState } from 'react';
import { Alert, Modal } from 'antd';
import { keepTabInDialog } from '../forms/dialogTab.ts';
import { useTranslation } from 'react-i18next';
import { parseFormSchema, type FormSchema } from '@qb/contracts';
import '../i18n/designer.ts';
import { Designer } from './Designer.tsx';
import { toSchema } from './store.ts';
import { useDialogDesigner } from './useDesigner.ts';

export interface FormDesignerDialogProps {
  open: boolean;
  title?: string;
  /** a form schema of any version (migrated), or nothing for an empty canvas */
  initialSchema?: unknown;
  onCancel(): void;
  onConfirm(schema: FormSchema): void | Promise<void>;
}

/** SPEC.md §9: the designer dialog is 90% wide. */
export const DESIGNER_DIALOG_WIDTH = '90%';

function DialogBody({ initialSchema, onCancel, onConfirm, title, open }: FormDesignerDialogProps) {
  const { t } = useTranslation();
  const [state, dispatch, problems] = useDialogDesigner(initialSchema);
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<string[] | null>(null);
  const confirm = async () => {
    // only a schema the server's check accepts leaves the dialog
    const parsed = parseFormSchema(toSchema(state));
    setInvalid(parsed.ok ? null : parsed.problems);
    if (!parsed.ok) return;
    setSaving(true);
    try {
      await onConfirm(parsed.schema);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title ?? t('designer.dialogTitle')}
      width={DESIGNER_DIALOG_WIDTH}
      onCancel={onCancel}
      onOk={() => void confirm()}
      confirmLoading={saving}
      mask={{ closable: false }}
      keyboard={false}
      centered
      className="qb-designer-dialog"
      // Tab past the last button comes back to the dialog (forms/dialogTab.ts)
      modalRender={(node) => <div onKeyDown={keepTabInDialog}>{node}</div>}
    >
      {invalid && <Alert type="error" showIcon message={t('designer.invalidSchema') + invalid.slice(0, 5).join('; ')} data-testid="designer-invalid" />}
      {problems && <Alert type="warning" showIcon message={t('designer.dialogProblems') + problems.slice(0, 3).join('; ')} />}
      <Designer state={state} dispatch={dispatch} height="70vh" />
    </Modal>
  );
}

/** The 'form design' dialog (90% wide, cancel / confirm) with a designer of its own (not the stored workspace). */
export default function FormDesignerDialog(props: FormDesignerDialogProps) {
  // a fresh designer each time it opens, from that opening's initialSchema
  return props.open ? <DialogBody {...props} /> : null;
}
