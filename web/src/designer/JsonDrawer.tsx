import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { migrateFormSchema, type FormSchema } from '@qb/contracts';
import type { EditorView } from './codeEditor.ts';

/**
 * 查看json: the form schema in an editable CodeMirror 6 view; 刷新 applies it (any version, through migrateFormSchema).
 * Text that is not JSON: JSON格式错误，请检查; JSON that is not a form: the schema check's problems. Neither changes the canvas.
 */
export function JsonDrawer({ open, schema, onClose, onApply }: { open: boolean; schema: FormSchema; onClose(): void; onApply(schema: FormSchema): void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setProblem(null);
    setLoading(true);
    void import('./codeEditor.ts').then(({ createJsonEditor }) => {
      if (cancelled || !host.current) return;
      view.current?.destroy();
      view.current = createJsonEditor(host.current, JSON.stringify(schema, null, 2), t('designer.jsonTitle'));
      setLoading(false);
    });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- the text is taken when the drawer opens
  const apply = () => {
    const text = view.current?.state.doc.toString() ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setProblem(t('designer.jsonError'));
      return;
    }
    try {
      onApply(migrateFormSchema(parsed));
      setProblem(null);
    } catch (error) {
      const problems = error && typeof error === 'object' && 'problems' in error ? (error.problems as string[]) : [String(error)];
      setProblem(t('designer.jsonProblems') + problems.slice(0, 5).join('; '));
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('designer.jsonTitle')}
      size="60%"
      destroyOnHidden
      extra={
        <Button type="primary" onClick={apply} data-testid="json-refresh">
          {t('designer.actions.refresh')}
        </Button>
      }
    >
      {problem && <Alert type="error" showIcon message={problem} className="qb-designer-json-problem" data-testid="json-problem" />}
      {loading && <Spin />}
      <div ref={host} className="qb-designer-json" data-testid="json-editor" />
    </Drawer>
  );
}
