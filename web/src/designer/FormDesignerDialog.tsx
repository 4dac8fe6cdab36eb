import { Modal } from 'antd';
import type { FormSchema } from '@qb/contracts';

export interface FormDesignerDialogProps {
  open: boolean;
  title?: string;
  initialSchema?: unknown;
  onCancel(): void;
  onConfirm(schema: FormSchema): void | Promise<void>;
}

/** The 'form design' dialog (90% wide). Work in progress: the full designer follows. */
export default function FormDesignerDialog({ open, title, onCancel, onConfirm }: FormDesignerDialogProps) {
  return (
    <Modal open={open} title={title} width="90%" onCancel={onCancel} onOk={() => onConfirm({ version: 2, fields: [] })} destroyOnHidden />
  );
}
