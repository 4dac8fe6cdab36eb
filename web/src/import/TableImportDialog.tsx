import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Radio, Select, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { useToast } from '../app/toast.ts';
import { textIn } from '../crud/configFromMeta.ts';
import { useTableMeta } from '../crud/tableMeta.ts';
import type { TemplateFormat } from '../api/import.ts';
import type { ChosenFile, FileOutcome } from './importFlow.ts';
import { ImportResults } from './ImportResults.tsx';
import { SpreadsheetUpload } from './SpreadsheetUpload.tsx';
import { TemplateLinks } from './TemplateLinks.tsx';
import {
  downloadTableTemplate,
  importTableFile,
  tableImportOptions,
  type DedupeMode,
  type TableImportAnswer,
  type TableImportParams,
} from './tableImportCalls.ts';
import { TABLE_IMPORT_NS } from './tableImportTexts.ts';
import { IMPORT_NS } from './texts.ts';
import './import.css';

export interface TableImportDialogProps {
  flag: string;
  open: boolean;
  onClose(): void;
  afterClose?(): void;
  /** after an import that wrote rows: the page reloads its list */
  onImported?(): void;
  /** the server call; tests replace it */
  importFile?: (params: TableImportParams) => Promise<TableImportAnswer>;
}

interface Values {
  keyColumn: string;
  mode: DedupeMode;
  files?: ChosenFile[];
}

/**
 * The columns a dedupe may match on, as the server takes them: the key and plain values (no lists, long texts,
 * images); the natural key (the server's default, `natural`) first, then the key.
 */
export function matchColumns(meta: TableMeta, lang: string, natural?: string): { value: string; label: string }[] {
  const key = meta.primaryKey || 'id';
  const rank = (name: string) => (name === natural ? 2 : name === key ? 1 : 0);
  return meta.columns
    .filter(
      (c) => c.name === key || c.name === natural || (!c.serverFilled && !c.list && !c.enum?.length && !c.references && !['ntext', 'image'].includes(c.type)),
    )
    .sort((a, b) => rank(b.name) - rank(a.name))
    .map((c) => ({ value: c.name, label: `${textIn(c.title, lang)} (${c.name})` }));
}

const FORMATS: TemplateFormat[] = ['xlsx', 'xls'];

/** 导入 on a table's page: the table's template, a file, the dedupe column and mode; the outcome with its problems by row. */
export function TableImportDialog({ flag, open, onClose, afterClose, onImported, importFile = importTableFile }: TableImportDialogProps) {
  const { t, i18n } = useTranslation(TABLE_IMPORT_NS);
  const { t: ti } = useTranslation(IMPORT_NS);
  const toast = useToast();
  const meta = useTableMeta(flag).data;
  // the server's natural key of the table (a member's phone; else the key): the default 去重字段, as the call's own
  const options = useQuery({ queryKey: ['tableImportOptions', flag], queryFn: () => tableImportOptions(flag), enabled: open, staleTime: 60_000 }).data;
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<(FileOutcome & { mode?: DedupeMode; updated?: number; ignored?: string[] }) | undefined>();
  const lang = i18n.language;
  const title = meta ? textIn(meta.title, lang) : flag;
  const columns = useMemo(() => (meta ? matchColumns(meta, lang, options?.keyColumn) : []), [meta, lang, options?.keyColumn]);
  const key = options?.keyColumn ?? (meta?.primaryKey || 'id');
  // the table's unique columns by their titles (a member's 手机号): matched on or not, never written twice
  const uniqueTitles = (options?.uniqueColumns ?? []).map((name) => textIn(meta?.columns.find((c) => c.name === name)?.title ?? { zh: name, en: name }, lang));
  const help = [
    t('help.keyColumn'),
    ...(uniqueTitles.length ? [t('help.unique', { columns: uniqueTitles.join(lang.startsWith('en') ? ', ' : '、') })] : []),
  ].join(lang.startsWith('en') ? ' ' : '');
  useEffect(() => {
    // the answer may come after the form: preset it unless the person chose a column meanwhile
    if (options?.keyColumn && !form.isFieldTouched('keyColumn')) form.setFieldValue('keyColumn', options.keyColumn);
  }, [options, form]);
  // a role that may add no row here (its field rules leave out a column every new row needs): it can only update
  const noInsert = !!meta?.insertNeedsUnwritable;
  useEffect(() => {
    if (noInsert && !form.isFieldTouched('mode')) form.setFieldValue('mode', 'update');
  }, [noInsert, form]);
  const done = outcome?.state === 'imported';

  const submit = async () => {
    if (busy || done) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const file = values.files![0]!;
    setBusy(true);
    setOutcome({ uid: file.uid, name: file.name, state: 'running' });
    try {
      // not chosen and the natural key not known yet: the server's default, which is that key
      const keyColumn = options?.keyColumn || form.isFieldTouched('keyColumn') ? values.keyColumn : undefined;
      const answer = await importFile({ flag, fileUrl: file.fileUrl!, mode: values.mode, keyColumn });
      if (answer.ok) {
        setOutcome({
          uid: file.uid,
          name: file.name,
          state: 'imported',
          counts: answer.counts,
          mode: values.mode,
          updated: answer.counts.updated,
          ignored: answer.counts.ignoredColumns,
        });
        toast.success(t('message.success'));
        onImported?.();
      } else if (answer.error.sessionExpired) {
        onClose();
      } else {
        setOutcome({ uid: file.uid, name: file.name, state: answer.counts ? 'refused' : 'failed', counts: answer.counts, message: answer.message });
        toast.error(answer.counts ? t('message.refused') : t('message.failed', { message: answer.message }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('title', { table: title })}
      width={640}
      className="qb-import-dialog qb-table-import-dialog"
      style={{ top: 48 }}
      destroyOnHidden
      mask={{ closable: false }}
      closable={!busy}
      keyboard={!busy}
      onCancel={() => !busy && onClose()}
      afterClose={afterClose}
      footer={
        <div className="qb-import-footer">
          <Button onClick={onClose} disabled={busy} data-testid="import-cancel">
            {done ? ti('button.close') : ti('button.cancel')}
          </Button>
          <Button
            type="primary"
            className={done ? 'qb-import-done' : undefined}
            icon={done ? <CheckCircleOutlined /> : undefined}
            loading={busy}
            disabled={done || !meta}
            onClick={() => void submit()}
            data-testid="import-submit"
          >
            {busy ? ti('button.importing') : done ? ti('button.success') : ti('button.confirm')}
          </Button>
        </div>
      }
    >
      <Alert type="info" showIcon className="qb-import-hint" title={t('hint')} />
      {noInsert && <Alert type="warning" showIcon className="qb-import-hint" title={t('noInsert')} data-testid="table-import-no-insert" />}
      <Form<Values>
        form={form}
        name={`table_import_${flag}`}
        layout="horizontal"
        labelCol={{ flex: '116px' }}
        labelWrap
        // a long help text wraps inside the field instead of pushing the field under its label
        wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
        colon={false}
        disabled={busy}
        className="qb-import-form"
        initialValues={{ keyColumn: key, mode: 'insert' }}
        onValuesChange={() => !busy && setOutcome(undefined)}
      >
        <Form.Item name="keyColumn" label={t('field.keyColumn')} extra={help}>
          <Select options={columns} data-testid="table-import-key" popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="mode" label={t('field.mode')}>
          <Radio.Group optionType="button" data-testid="table-import-mode">
            <Radio.Button value="insert">{t('mode.insert')}</Radio.Button>
            <Radio.Button value="update">{t('mode.update')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="files"
          label={t('field.file')}
          required
          rules={[
            {
              validator: async (_, files?: ChosenFile[]) => {
                if (!files?.length) throw new Error(ti('message.uploadTemplate'));
                if (files.length > 1) throw new Error(t('message.oneFile'));
                if (files.some((f) => f.status !== 'done')) throw new Error(ti('message.stillUploading'));
              },
            },
          ]}
          extra={
            <TemplateLinks
              source={{ fetch: (format) => downloadTableTemplate(flag, format), fileName: t('template.file', { table: title }), formats: FORMATS }}
            />
          }
        >
          <SpreadsheetUpload disabled={busy} single />
        </Form.Item>
      </Form>
      {outcome && <ImportResults outcomes={[outcome]} />}
      {outcome?.state === 'imported' && (outcome.mode === 'update' || !!outcome.ignored?.length) && (
        <div className="qb-table-import-extra" data-testid="table-import-extra">
          {outcome.mode === 'update' && (
            <Typography.Text>
              {t('result.updated')}{' '}
              <Typography.Text strong data-testid="import-count-updated">
                {outcome.updated ?? 0}
              </Typography.Text>
            </Typography.Text>
          )}
          {!!outcome.ignored?.length && <Typography.Text type="secondary">{t('result.ignored', { columns: outcome.ignored.join('、') })}</Typography.Text>}
        </div>
      )}
    </Modal>
  );
}
