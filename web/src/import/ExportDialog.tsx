import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { exportQuestionFile } from '../api/import.ts';
import { useToast } from '../app/toast.ts';
import { saveDownloadedFile } from './saveFile.ts';
import { CategoryTreeSelect, SubjectCascader, subjectIdOf, useCategoryLabelOf, useSubjectLabelOf, type SubjectPath } from './ScopeFields.tsx';
import { IMPORT_NS } from './texts.ts';
import './import.css';

interface ExportValues {
  subject?: SubjectPath;
  category?: number;
}

/** `<category or subject>-题目-20260315.xlsx` (questions in English). */
export function exportFileName(scope: string, suffix: string, when = dayjs()): string {
  return `${scope}-${suffix}-${when.format('YYYYMMDD')}.xlsx`;
}

/**
 * The questions of a subject, or of one of its categories, as an .xlsx in the import template's layout
 * (GET /api/export/questions/), so that they can be imported into another category.
 */
export function ExportDialog({ open, onClose, afterClose }: { open: boolean; onClose(): void; afterClose?(): void }) {
  const { t } = useTranslation(IMPORT_NS);
  const toast = useToast();
  const [form] = Form.useForm<ExportValues>();
  const [exporting, setExporting] = useState(false);
  const subject = Form.useWatch('subject', form);
  const subjectLabelOf = useSubjectLabelOf();
  const categoryLabelOf = useCategoryLabelOf(subject);

  const submit = async () => {
    let values: ExportValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setExporting(true);
    try {
      const file = await exportQuestionFile({ parentId: subjectIdOf(values.subject)!, typeId: values.category });
      const name = exportFileName(
        (values.category ? categoryLabelOf(values.category) : subjectLabelOf(values.subject)) ?? t('export.fileSuffix'),
        t('export.fileSuffix'),
      );
      saveDownloadedFile(file, name);
      toast.success(t('message.exported', { name }));
      onClose();
    } catch {
      // the API client has shown why
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('title.export')}
      width={560}
      className="qb-import-dialog qb-export-dialog"
      style={{ top: 48 }}
      destroyOnHidden
      mask={{ closable: false }}
      closable={!exporting}
      keyboard={!exporting}
      onCancel={() => !exporting && onClose()}
      afterClose={afterClose}
      footer={
        <div className="qb-import-footer">
          <Button onClick={onClose} disabled={exporting} data-testid="export-cancel">
            {t('button.cancel')}
          </Button>
          <Button type="primary" loading={exporting} onClick={() => void submit()} data-testid="export-submit">
            {exporting ? t('button.exporting') : t('button.export')}
          </Button>
        </div>
      }
    >
      <Alert type="info" showIcon className="qb-import-hint" title={t('hint.export')} />
      <Form<ExportValues>
        form={form}
        name="export_questions"
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        labelWrap
        wrapperCol={{ flex: 1 }}
        colon={false}
        disabled={exporting}
        className="qb-import-form"
        onValuesChange={(changed: ExportValues) => {
          if ('subject' in changed) form.setFieldValue('category', undefined);
        }}
      >
        <Form.Item name="subject" label={t('field.questionSubject')} rules={[{ required: true, message: t('message.selectQuestionSubject') }]}>
          <SubjectCascader />
        </Form.Item>
        <Form.Item name="category" label={t('field.exportCategory')}>
          <CategoryTreeSelect subject={subject} placeholder={t('placeholder.allCategories')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
