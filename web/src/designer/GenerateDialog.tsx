import { Form, Input, Modal, Radio } from 'antd';
import { keepTabInDialog } from '../forms/dialogTab.ts';
import type { ButtonProps } from 'antd/es/button';
import { useTranslation } from 'react-i18next';

export type GenerateMode = 'download' | 'copy';
export interface GenerateChoice {
  type: 'page' | 'dialog';
  fileName: string;
}

/** A default file name: a timestamp plus .tsx (the reference used .vue). */
export function defaultFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.tsx`;
}

/** SPEC.md §2, §5: choose page or dialog (required); for a download also the file name (required). */
export function GenerateDialog({ mode, onCancel, onConfirm }: { mode: GenerateMode | null; onCancel(): void; onConfirm(choice: GenerateChoice): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateChoice>();
  return (
    <Modal
      open={mode !== null}
      title={t('designer.gen.title')}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'generate-ok' } as ButtonProps}
      // Tab past the last button comes back to the dialog (forms/dialogTab.ts)
      modalRender={(node) => <div onKeyDown={keepTabInDialog}>{node}</div>}
      onOk={() =>
        form.validateFields().then(
          (v) => onConfirm({ type: v.type, fileName: v.fileName?.trim() ?? '' }),
          () => {},
        )
      }
    >
      <Form form={form} labelCol={{ flex: '90px' }} preserve={false} initialValues={{ type: 'page', fileName: defaultFileName() }}>
        <Form.Item name="type" label={t('designer.gen.type')} rules={[{ required: true, message: t('designer.gen.typeRequired') }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'page', label: t('designer.gen.page') },
              { value: 'dialog', label: t('designer.gen.dialog') },
            ]}
          />
        </Form.Item>
        {mode === 'download' && (
          <Form.Item
            name="fileName"
            label={t('designer.gen.fileName')}
            rules={[{ required: true, whitespace: true, message: t('designer.gen.fileNameRequired') }]}
          >
            <Input data-testid="generate-file-name" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
