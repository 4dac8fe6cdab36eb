import { useMemo, useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/index.ts';
import { useToast } from '../shell/toast.ts';
import { SAVE_MESSAGE_SECONDS, type EditDialogProps } from './EditDialog.tsx';
import { FieldControl, fieldKindOf } from './FieldControl.tsx';
import { rulesOf } from './fieldRules.ts';
import type { CrudPageConfig, FieldDef, Row } from './types.ts';

function initialValues(config: CrudPageConfig, fields: FieldDef[], row: Row, kinds: Map<string, string>): Row {
  if (row.id) return config.toForm ? config.toForm(row) : row;
  const values: Row = { ...row };
  for (const f of fields) {
    const own = f.form || {};
    if (own.defaultValue !== undefined) values[f.name] = own.defaultValue;
    // SPEC.md §9: a radio starts on '1' when it offers it
    else if (kinds.get(f.name) === 'radio' && f.enum?.some((o) => String(o.value) === '1')) values[f.name] = f.enum.find((o) => String(o.value) === '1')!.value;
  }
  return config.toForm ? config.toForm(values) : values;
}

/** The fields of the add/edit dialog, loaded with the first dialog (pickers, uploads, cascaders stay off the table's path). */
export default function EditForm(props: EditDialogProps & { row: Row; saving: boolean; setSaving(s: boolean): void }) {
  const { config, meta, source, row, onClose, onSaved, saving, setSaving, onDirtyChange: setDirty } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm();
  const isNew = !row.id;
  const metaByName = useMemo(() => new Map(meta?.columns?.map((c) => [c.name, c])), [meta]);
  const fields = config.fields.filter((f) => f.form !== false);
  const kinds = new Map(fields.map((f) => [f.name, fieldKindOf(f, metaByName.get(f.name))]));
  const [initial] = useState(() => initialValues(config, fields, row, kinds));
  const watched = (Form.useWatch([], form) ?? {}) as Row;

  const submit = async () => {
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const merged: Row = { ...values, ...(isNew ? {} : { id: row.id }) };
    const params = config.toParams ? config.toParams(merged, isNew ? undefined : row) : merged;
    setSaving(true);
    try {
      const answer = await source.save(params);
      toast.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
      form.resetFields();
      setDirty(false);
      onSaved(answer, isNew);
    } catch (error) {
      // the server's own message, for 2 s (the client was asked not to toast it)
      if (!(error instanceof ApiError && error.sessionExpired)) {
        toast.error({ content: error instanceof Error ? error.message : t('http.failed'), duration: SAVE_MESSAGE_SECONDS });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name={`edit_${config.key}`}
      initialValues={initial}
      layout="horizontal"
      labelCol={{ flex: '128px' }}
      labelWrap
      wrapperCol={{ flex: 1 }}
      colon={false}
      className="qb-edit-form"
      data-testid="edit-form"
      onValuesChange={(changed) => {
        setDirty(true);
        // a dependent dropdown starts over when what it depends on changes
        for (const f of fields) if (f.options?.dependsOn && f.options.dependsOn.field in changed) form.setFieldValue(f.name, undefined);
      }}
      onFinish={submit}
    >
      {fields.map((field) => {
        const kind = kinds.get(field.name)!;
        const columnMeta = metaByName.get(field.name);
        const required = (field.form && field.form.required) ?? columnMeta?.required ?? false;
        return (
          <Form.Item key={field.name} name={field.name} label={t(field.titleKey)} rules={rulesOf(field, kind, required, t)} required={required || undefined}>
            <FieldControl
              field={field}
              kind={kind}
              meta={columnMeta}
              dependValue={field.options?.dependsOn ? watched[field.options.dependsOn.field] : undefined}
              editingId={field.options?.flag === config.flag ? row.id : undefined}
            />
          </Form.Item>
        );
      })}
      <div className="qb-edit-footer">
        <Button onClick={onClose} disabled={saving}>
          {t('crud.cancel')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setDirty(false);
          }}
          disabled={saving}
        >
          {t('crud.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="edit-submit">
          {t('crud.save')}
        </Button>
      </div>
    </Form>
  );
}
