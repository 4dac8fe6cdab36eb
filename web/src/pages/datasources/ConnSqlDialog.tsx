import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SOURCE_NO_PASSWORD } from '@qb/contracts';
import { ApiError } from '../../api/index.ts';
import { testConnection } from '../../api/datasources.ts';
import { SAVE_MESSAGE_SECONDS, toastSaveFailure } from '../../crud/sources.ts';
import { textIn } from '../../crud/configFromMeta.ts';
import { useTableMeta } from '../../crud/tableMeta.ts';
import type { EditDialogProps, Row } from '../../crud/types.ts';
import { SCHEMA_DIALOG_WIDTH } from '../../forms/SchemaFormDialog.tsx';
import { useToast } from '../../app/toast.ts';
import { columnTitle, SOURCES_QUERY_KEY } from './shared.ts';

/** The usual port of each database type, filled in when the type is chosen and the port is still empty. */
const DEFAULT_PORTS: Record<number, number> = { 1: 1433, 2: 3306, 3: 1521, 4: 5432 };
/** SPEC.md §2: the four types of the list (the server also knows 5, an SQLite file, which the spec does not offer). */
const SQL_TYPES = new Set([1, 2, 3, 4]);

type TestState = { kind: 'running' } | { kind: 'ok'; ms: number } | { kind: 'failed'; reason: string };

/**
 * The add/edit dialog of a data-source connection (SPEC.md §2, §5): every field checked when it loses focus,
 * escape and clicks outside do not close it, 测试连接 really connects with what is typed. The password is
 * write-only: never read back; left empty on an edit it keeps the stored one. 无密码 says that the database has none
 * (MariaDB's root, PostgreSQL with trust authentication): sent as SOURCE_NO_PASSWORD, stored as the empty password.
 */
export default function ConnSqlDialog({ config, source, row, open, onClose, onSaved, onDirtyChange }: EditDialogProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const meta = useTableMeta(config.flag).data;
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [test, setTest] = useState<TestState>();
  const isNew = row.id === undefined || row.id === null || row.id === '';
  const label = (name: string) => columnTitle(meta, name, i18n.language);
  // the type names are the metadata's enumeration, as in the list
  const sqlTypes = (meta?.columns.find((c) => c.name === 'sqlType')?.enum ?? [])
    .filter((e) => SQL_TYPES.has(Number(e.value)))
    .map((e) => ({ value: Number(e.value), label: textIn(e.label, i18n.language) }));
  const [initialValues] = useState<Row>(() => {
    const { databasePsd: _never, ...values } = row;
    return values;
  });

  // the stored password only goes where it was saved for (server/src/datasources/target.ts): a changed type, host, port,
  // user or database needs it typed again
  const watched = {
    sqlType: Form.useWatch('sqlType', form),
    mainAddr: Form.useWatch('mainAddr', form),
    port: Form.useWatch('port', form),
    databaseName: Form.useWatch('databaseName', form),
    databaseUser: Form.useWatch('databaseUser', form),
  };
  const textChanged = (value: unknown, saved: unknown) => String(value ?? saved ?? '').trim() !== String(saved ?? '').trim();
  const serverChanged =
    !isNew &&
    (Number(watched.sqlType ?? row.sqlType) !== Number(row.sqlType) ||
      textChanged(watched.mainAddr, row.mainAddr) ||
      Number(watched.port ?? row.port) !== Number(row.port) ||
      textChanged(watched.databaseUser, row.databaseUser));
  const databaseChanged = !isNew && textChanged(watched.databaseName, row.databaseName);
  const targetChanged = serverChanged || databaseChanged;
  // 'no password' is said, never guessed from an empty field (which on an edit means: keep the stored one)
  const noPassword = Form.useWatch('noPassword', form) === true;
  const passwordNeeded = (isNew || targetChanged) && !noPassword;

  const enter = (name: string): Rule[] => [{ required: true, whitespace: true, message: t(`datasources.conn.required.${name}`) }];
  const nameRules: Rule[] = [
    { required: true, whitespace: true, message: t('datasources.conn.required.name') },
    { min: 1, max: 20, message: t('datasources.conn.length') },
  ];
  const englishRules: Rule[] = [
    { required: true, whitespace: true, message: t('datasources.conn.required.englishName') },
    { min: 1, max: 20, message: t('datasources.conn.length') },
  ];

  const runTest = async () => {
    let values: Row;
    try {
      values = await form.validateFields(['sqlType', 'mainAddr', 'port', 'databaseName', 'databaseUser', 'databasePsd', 'noPassword']);
    } catch {
      return; // the fields say what is missing
    }
    setTest({ kind: 'running' });
    try {
      const answer = await testConnection({
        ...(isNew ? {} : { id: Number(row.id) }),
        sqlType: Number(values.sqlType),
        mainAddr: String(values.mainAddr).trim(),
        ...(values.port !== undefined && values.port !== null ? { port: Number(values.port) } : {}),
        databaseName: String(values.databaseName).trim(),
        databaseUser: String(values.databaseUser).trim(),
        ...(values.noPassword ? { noPassword: true } : values.databasePsd ? { databasePsd: String(values.databasePsd) } : {}),
      });
      setTest({ kind: 'ok', ms: answer.elapsedMs });
    } catch (error) {
      if (error instanceof ApiError && error.sessionExpired) return setTest(undefined);
      setTest({ kind: 'failed', reason: error instanceof Error ? error.message : t('http.failed') });
    }
  };

  const submit = async (values: Row) => {
    const { noPassword: none, ...fields } = values;
    const params: Row = { ...fields, ...(isNew ? {} : { id: row.id }) };
    if (none) params.databasePsd = SOURCE_NO_PASSWORD;
    // an empty password on an edit keeps the stored one
    else if (!params.databasePsd) delete params.databasePsd;
    setSaving(true);
    try {
      const answer = await source.save(params);
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      void queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY });
      onDirtyChange(false);
      onSaved(answer, isNew);
    } catch (error) {
      toastSaveFailure(toast, error, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(isNew ? 'crud.newTitle' : 'crud.editTitle', { title: config.title })}
      width={SCHEMA_DIALOG_WIDTH}
      maskClosable={false}
      keyboard={false}
      closable={!saving}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={() => void runTest()} loading={test?.kind === 'running'} disabled={saving} data-testid="conn-test">
            {t('datasources.conn.test')}
          </Button>
          <Button onClick={onClose} disabled={saving} data-testid="conn-cancel">
            {t('crud.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="conn-save">
            {t('forms.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="edit_connSql"
        labelCol={{ flex: '128px' }}
        labelWrap
        initialValues={initialValues}
        validateTrigger={['onBlur', 'onChange']}
        disabled={saving}
        onFinish={(values) => void submit(values as Row)}
        onValuesChange={(changed: Row) => {
          onDirtyChange(true);
          setTest(undefined);
          const port = DEFAULT_PORTS[Number(changed.sqlType)];
          if (port && !form.getFieldValue('port')) form.setFieldValue('port', port);
        }}
      >
        <Form.Item name="name" label={label('name')} rules={nameRules} data-testid="form-field-name">
          <Input />
        </Form.Item>
        <Form.Item name="englishName" label={label('englishName')} rules={englishRules} data-testid="form-field-englishName">
          <Input />
        </Form.Item>
        <Form.Item
          name="sqlType"
          label={label('sqlType')}
          rules={[{ required: true, message: t('datasources.conn.required.sqlType') }]}
          data-testid="form-field-sqlType"
        >
          <Select options={sqlTypes} placeholder={t('datasources.conn.required.sqlType')} />
        </Form.Item>
        <Form.Item name="mainAddr" label={label('mainAddr')} rules={enter('mainAddr')} data-testid="form-field-mainAddr">
          <Input placeholder="127.0.0.1" />
        </Form.Item>
        <Form.Item name="port" label={label('port')} rules={[{ required: true, message: t('datasources.conn.required.port') }]} data-testid="form-field-port">
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="databaseName" label={label('databaseName')} rules={enter('databaseName')} data-testid="form-field-databaseName">
          <Input />
        </Form.Item>
        <Form.Item name="databaseUser" label={label('databaseUser')} rules={enter('databaseUser')} data-testid="form-field-databaseUser">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="databasePsd"
          label={t('datasources.conn.password')}
          rules={passwordNeeded ? [{ required: true, message: t('datasources.conn.required.databasePsd') }] : []}
          extra={
            noPassword
              ? t('datasources.conn.noPasswordHint')
              : isNew
                ? undefined
                : t(
                    serverChanged
                      ? 'datasources.conn.passwordAgain'
                      : databaseChanged
                        ? 'datasources.conn.passwordAgainDatabase'
                        : 'datasources.conn.keepPassword',
                  )
          }
          data-testid="form-field-databasePsd"
        >
          <Input.Password
            autoComplete="new-password"
            disabled={noPassword}
            placeholder={noPassword ? t('datasources.conn.noPassword') : passwordNeeded ? undefined : t('datasources.conn.keepPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="noPassword" valuePropName="checked" label=" " colon={false} data-testid="form-field-noPassword">
          <Checkbox
            onChange={(e) => {
              // the typed password is not kept beside 'no password' (one or the other is sent), nor its error
              if (e.target.checked) form.setFields([{ name: 'databasePsd', value: undefined, errors: [] }]);
            }}
          >
            {t('datasources.conn.noPassword')}
          </Checkbox>
        </Form.Item>
      </Form>
      {test && test.kind !== 'running' && (
        <Alert
          data-testid="conn-test-result"
          role="status"
          showIcon
          type={test.kind === 'ok' ? 'success' : 'error'}
          title={test.kind === 'ok' ? t('datasources.conn.testOk', { ms: test.ms }) : t('datasources.conn.testFailed')}
          description={test.kind === 'failed' ? test.reason : undefined}
        />
      )}
    </Modal>
  );
}
