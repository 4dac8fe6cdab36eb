import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormSchema } from '@qb/contracts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useToast } from '../app/toast.ts';
import type { EditorView } from './codeEditor.ts';

/**
 * 运行: the form full screen, rendered by the one schema renderer (validation and messages as everywhere else), and
 * 查看代码: the page file the generator writes for it, read-only (form-generator's code view beside its preview).
 * The form stays mounted while the code shows, so switching back keeps what was typed in this run.
 */
export function PreviewDrawer({
  open,
  schema,
  onClose,
  generate,
}: {
  open: boolean;
  schema: FormSchema;
  onClose(): void;
  generate(schema: FormSchema): Promise<string>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const toast = useToast();
  const [showCode, setShowCode] = useState(false);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('designer.previewTitle')}
      size="100%"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => setShowCode((on) => !on)} aria-pressed={showCode} data-testid="preview-code">
            {showCode ? t('designer.showForm') : t('designer.viewCode')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} disabled={showCode} data-testid="preview-validate">
            {t('designer.validate')}
          </Button>
        </Space>
      }
    >
      <div className="qb-designer-preview" data-testid="designer-preview" hidden={showCode}>
        <SchemaForm schema={schema} form={form} name="designer-preview" onFinish={() => void toast.success(t('designer.previewSubmitted'))} />
      </div>
      {showCode && <CodeView schema={schema} generate={generate} />}
    </Drawer>
  );
}

function CodeView({ schema, generate }: { schema: FormSchema; generate(schema: FormSchema): Promise<string> }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    let view: EditorView | undefined;
    void Promise.all([generate(schema), import('./codeEditor.ts')])
      .then(([code, { createCodeView }]) => {
        if (cancelled || !host.current) return;
        view = createCodeView(host.current, code, t('designer.codeTitle'));
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      view?.destroy();
    };
  }, [schema]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div data-testid="preview-code-view">
      {state === 'loading' && <Spin />}
      {state === 'failed' && <Alert type="error" showIcon message={t('designer.codeFailed')} />}
      <div ref={host} className="qb-designer-json" data-state={state} />
    </div>
  );
}
