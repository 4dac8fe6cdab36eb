import { useRef, useState, type ReactNode } from 'react';
import { Button, Form, Modal } from 'antd';
import { keepTabInDialog } from './dialogTab.ts';
import { useTranslation } from 'react-i18next';
import type { FormSchema } from '@qb/contracts';
import { SchemaForm, type SchemaFormProps, type FormValues } from './SchemaForm.tsx';

/** SPEC.md §9: the form dialog is 50% wide. */
export const SCHEMA_DIALOG_WIDTH = '50%';

export interface SchemaFormDialogProps {
  open: boolean;
  title: ReactNode;
  schema: FormSchema;
  /** default: the schema's default values (a new record) */
  initialValues?: FormValues;
  /**
   * Called with the visible fields' values once every rule passed. While its promise runs the dialog is locked
   * (save shows loading, cancel and close are off); a rejection leaves the dialog open for another try.
   */
  onSubmit(values: FormValues): Promise<void> | void;
  onCancel(): void;
  /** the page asks before its tab closes while this is true */
  onDirtyChange?(dirty: boolean): void;
  context?: { flag?: string; rowId?: unknown };
  width?: string | number;
  /** antd form name, prefix of control ids */
  name?: string;
  /** code-level inputs of named fields (SchemaForm's components) */
  components?: SchemaFormProps['components'];
  /** where the focus goes back when the dialog has closed; by default what had it when the dialog opened */
  opener?: Element | null;
}

/** The add/edit dialog over a FormSchema: cancel, reset and save, save locked while it runs. */
export function SchemaFormDialog({
  open,
  title,
  schema,
  initialValues,
  onSubmit,
  onCancel,
  onDirtyChange,
  context,
  width = SCHEMA_DIALOG_WIDTH,
  name,
  components,
  opener: givenOpener,
}: SchemaFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // what had the focus when the dialog opened: it gets it back when the dialog has closed. antd does this only
  // while the focus is inside the dialog, and a save takes it away (the save button is disabled while it runs).
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current = document.activeElement;
  wasOpen.current = open;
  const refocusOpener = () => {
    const at = document.activeElement;
    const back = givenOpener ?? opener.current;
    // nothing has the focus, or the closed dialog still holds it
    const lost = !at || at === document.body || !!at.closest('.ant-modal-root, .ant-modal-wrap');
    if (lost && back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const finish = async (values: FormValues) => {
    setSaving(true);
    try {
      await onSubmit(values);
      onDirtyChange?.(false);
    } catch {
      // the caller showed why; the form stays as typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      className="qb-schema-dialog"
      // the dialog fits the window: its body scrolls and the footer (保存) stays in sight (forms.css)
      style={{ top: 'var(--qb-dialog-top)' }}
      footer={null}
      destroyOnHidden
      forceRender
      mask={{ closable: false }}
      closable={!saving}
      keyboard={!saving}
      onCancel={onCancel}
      afterClose={refocusOpener}
      // Tab past 保存 comes back to the dialog's first stop, never to the page behind the mask
      modalRender={(node) => <div onKeyDown={keepTabInDialog}>{node}</div>}
    >
      <SchemaForm
        schema={schema}
        form={form}
        initialValues={initialValues}
        context={context}
        name={name}
        components={components}
        // the dialog's 取消 / 重置 / 保存 only: a designed form's own 提交 / 重置 would be a second set (issue 19 #6)
        ownButtons={false}
        onFinish={(values) => void finish(values)}
        onValuesChange={() => onDirtyChange?.(true)}
      >
        <div className="qb-schema-dialog-footer">
          <Button onClick={onCancel} disabled={saving} data-testid="schema-dialog-cancel">
            {t('forms.cancel')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onDirtyChange?.(false);
            }}
            disabled={saving}
            data-testid="schema-dialog-reset"
          >
            {t('forms.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="schema-dialog-submit">
            {t('forms.save')}
          </Button>
        </div>
      </SchemaForm>
    </Modal>
  );
}
