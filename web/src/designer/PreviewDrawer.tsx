import { Button, Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormSchema } from '@qb/contracts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useToast } from '../shell/toast.ts';

/** 运行: the form full screen, rendered by the one schema renderer (validation and messages as everywhere else). */
export function PreviewDrawer({ open, schema, onClose }: { open: boolean; schema: FormSchema; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const toast = useToast();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('designer.previewTitle')}
      size="100%"
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => form.submit()} data-testid="preview-validate">
          {t('designer.validate')}
        </Button>
      }
    >
      <div className="qb-designer-preview" data-testid="designer-preview">
        <SchemaForm schema={schema} form={form} name="designer-preview" onFinish={() => void toast.success(t('designer.previewSubmitted'))} />
      </div>
    </Drawer>
  );
}
