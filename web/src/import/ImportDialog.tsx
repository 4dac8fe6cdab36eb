import { Alert, Button, Form, Modal } from 'antd';
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../app/toast.ts';
import { apiImportCalls, type ChosenFile, type ImportCalls, type ImportKind, type ImportPlan, type RunProgress, type RunSummary } from './importFlow.ts';
import { ImportResults } from './ImportResults.tsx';
import { CategoryTreeSelect, SubjectCascader, subjectIdOf, type SubjectPath } from './ScopeFields.tsx';
import { SpreadsheetUpload } from './SpreadsheetUpload.tsx';
import { TemplateLinks } from './TemplateLinks.tsx';
import { useImportRun } from './useImportRun.ts';
import { IMPORT_NS } from './texts.ts';
import './import.css';

export interface ImportDialogProps {
  /** question: subject, category, files (SPEC.md §4); category: subject and files */
  kind: ImportKind;
  open: boolean;
  onClose(): void;
  afterClose?(): void;
  /** after a run: the page reloads its list */
  onImported?(summary: RunSummary): void;
  /** the server calls; tests replace them */
  calls?: ImportCalls;
}

interface ImportValues {
  subject?: SubjectPath;
  category?: number;
  files?: ChosenFile[];
}

/**
 * SPEC.md §4: the confirm button shows the stage of the run. A run that left files out is not "done": the
 * button says so and imports those files again when pressed.
 */
export function confirmText(
  progress: RunProgress,
  files: { imported: number; failed: number },
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  switch (progress.stage) {
    case 'addingCategories':
      return t('button.addingCategories');
    case 'importing':
      return progress.total > 1 ? t('button.importingOf', { current: progress.current, total: progress.total }) : t('button.importing');
    case 'done':
      if (files.failed === 0) return t('button.success');
      return files.imported === 0 ? t('button.failedRetry') : t('button.partlyRetry', { failed: files.failed });
    default:
      return t('button.confirm');
  }
}

/** The question or category import dialog: choose where, upload files, confirm; one result panel per file. */
export function ImportDialog({ kind, open, onClose, afterClose, onImported, calls = apiImportCalls }: ImportDialogProps) {
  const { t } = useTranslation(IMPORT_NS);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ImportValues>();
  const run = useImportRun(calls);
  const subject = Form.useWatch('subject', form);
  const isQuestion = kind === 'question';
  const failedFiles = run.outcomes.filter((o) => o.state === 'refused' || o.state === 'failed' || o.state === 'notRun').length;
  const importedFiles = run.outcomes.filter((o) => o.state === 'imported').length;
  const done = run.progress.stage === 'done';
  // a run that left files out ends on a retry of those files, not on a finished state
  const retry = done && failedFiles > 0;

  const submit = async () => {
    if (run.busy || (done && !retry)) return;
    let values: ImportValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const imported = new Set(run.outcomes.filter((o) => o.state === 'imported').map((o) => o.uid));
    const files = (values.files ?? []).filter((f) => !retry || !imported.has(f.uid)).map((f) => ({ uid: f.uid, name: f.name, fileUrl: f.fileUrl! }));
    const subjectId = subjectIdOf(values.subject)!;
    const plan: ImportPlan = isQuestion ? { kind, subjectId, categoryId: values.category!, files } : { kind, subjectId, files };
    let summary: RunSummary | undefined;
    try {
      summary = await run.start(plan, { retry });
    } catch {
      return; // adding the categories failed; the API client has shown why
    }
    if (!summary) return;
    // new categories (selectAddTypes, typesImport) show in every dropdown and tree
    void queryClient.invalidateQueries({ queryKey: ['options', 'questionsSmallClass'] });
    onImported?.(summary);
    if (summary.aborted) {
      onClose(); // the session ended: the app is on its way to the login page
      return;
    }
    if (summary.failed === 0) toast.success(t('message.importSuccessful'));
    else if (summary.imported === 0) toast.error(t('message.importFailed', { failed: summary.failed }));
    else toast.warning(t('message.importPartly', { failed: summary.failed }));
  };

  return (
    <Modal
      open={open}
      title={t(isQuestion ? 'title.question' : 'title.category')}
      width={640}
      className={`qb-import-dialog qb-import-dialog-${kind}`}
      style={{ top: 48 }}
      destroyOnHidden
      mask={{ closable: false }}
      closable={!run.busy}
      keyboard={!run.busy}
      onCancel={() => !run.busy && onClose()}
      afterClose={afterClose}
      footer={
        <div className="qb-import-footer">
          <Button onClick={onClose} disabled={run.busy} data-testid="import-cancel">
            {done ? t('button.close') : t('button.cancel')}
          </Button>
          <Button
            type="primary"
            danger={retry}
            className={done && !retry ? 'qb-import-done' : undefined}
            icon={retry ? <ReloadOutlined /> : done ? <CheckCircleOutlined /> : undefined}
            loading={run.busy}
            disabled={done && !retry}
            onClick={() => void submit()}
            data-testid="import-submit"
          >
            {confirmText(run.progress, { imported: importedFiles, failed: failedFiles }, t)}
          </Button>
        </div>
      }
    >
      <Alert type="info" showIcon className="qb-import-hint" title={t(isQuestion ? 'hint.question' : 'hint.category')} />
      <Form<ImportValues>
        form={form}
        name={`import_${kind}`}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        labelWrap
        wrapperCol={{ flex: 1 }}
        colon={false}
        disabled={run.busy}
        className="qb-import-form"
        onValuesChange={(changed: ImportValues) => {
          // a category belongs to its subject
          if ('subject' in changed) form.setFieldValue('category', undefined);
          run.rearm();
        }}
      >
        <Form.Item
          name="subject"
          label={t(isQuestion ? 'field.questionSubject' : 'field.subject')}
          rules={[{ required: true, message: t(isQuestion ? 'message.selectQuestionSubject' : 'message.selectSubject') }]}
        >
          <SubjectCascader />
        </Form.Item>
        {isQuestion && (
          <Form.Item name="category" label={t('field.questionCategory')} rules={[{ required: true, message: t('message.selectQuestionCategory') }]}>
            <CategoryTreeSelect subject={subject} />
          </Form.Item>
        )}
        <Form.Item
          name="files"
          label={t('field.files')}
          required
          rules={[
            {
              validator: async (_, files?: ChosenFile[]) => {
                if (!files?.length) throw new Error(t('message.uploadTemplate'));
                if (files.some((f) => f.status !== 'done')) throw new Error(t('message.stillUploading'));
              },
            },
          ]}
          extra={<TemplateLinks kind={kind} />}
        >
          <SpreadsheetUpload disabled={run.busy} />
        </Form.Item>
      </Form>
      <ImportResults outcomes={run.outcomes} />
    </Modal>
  );
}
