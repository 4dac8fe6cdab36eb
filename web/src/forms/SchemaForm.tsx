import { hasOwnKey, ownValue } from '@qb/contracts';
import { useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { Button, Col, Form, Row, type FormInstance } from 'antd';
import { useErrorAnnouncer } from './ErrorAnnouncer.tsx';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  defaultFormValues,
  formFieldProblem,
  formFieldStates,
  formItems,
  formTextIn,
  isFormFieldEmpty,
  isFormValueField,
  type FormField,
  type FormFieldState,
  type FormSchema,
  type FormValueField,
} from '@qb/contracts';
import { FieldInput } from './FieldInput.tsx';
import { WEB_KIND_DESCRIPTORS } from './kinds/index.ts';
import type { LayoutItemProps } from './kinds/descriptor.ts';
import { manualUploadFields, sendPendingFiles, withPendingAsNames } from './formUploads.ts';
import { ApiError } from '../api/index.ts';
import { useToast } from '../app/toast.ts';
import './forms.css';

/** SPEC.md §9: label width 100, gutter 15, a 24-column grid. */
export const DEFAULT_LABEL_WIDTH = 100;
export const DEFAULT_GUTTER = 15;

export type FormValues = Record<string, unknown>;

export interface SchemaFormProps {
  schema: FormSchema;
  /** from Form.useForm(): the caller submits, resets and reads values through it */
  form: FormInstance;
  /** default: the schema's default values (a new record) */
  initialValues?: FormValues;
  /**
   * the values of the visible fields, after every rule passed; the files of uploads with 自动上传 off have been sent
   * by then (their values are the served paths)
   */
  onFinish?(values: FormValues): void;
  onValuesChange?(changed: FormValues, all: FormValues): void;
  /** the table and row being edited: options read from that same table cannot pick the row (its own parent) */
  context?: { flag?: string; rowId?: unknown };
  /** the antd form name (prefix of the control ids) */
  name?: string;
  className?: string;
  /**
   * Code-level inputs of named fields, in place of the schema's control (a page's own editor, such as the question
   * options list): they get the form item's value, onChange and id. Not part of the schema, so never stored; the
   * field keeps its label, and its required rule (the schema's other rules describe the schema's control's values).
   */
  components?: Record<string, ComponentType<FieldComponentProps>>;
  /** rendered after the fields (a dialog's buttons) */
  children?: ReactNode;
  /**
   * false: the schema's own 提交 / 重置 (`buttons`) are not drawn, whatever the schema says: a dialog that holds the
   * form has its own 取消 / 重置 / 保存 (default true: the designer's 运行 draws them)
   */
  ownButtons?: boolean;
}

/** What a code-level field input gets from its form item. */
export interface FieldComponentProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The form field a dependent dropdown reads its parent value from. */
function dependsOnOf(field: FormField): string | undefined {
  if (!isFormValueField(field) || !('options' in field) || Array.isArray(field.options) || field.options.from !== 'table') return undefined;
  return field.options.dependsOn?.field;
}

/** The fields whose values a field's linkage and dependent options read: it is checked again when they change. */
function dependenciesOf(field: FormField): string[] {
  const names = new Set((field.linkage ?? []).map((l) => l.when.field));
  const parent = dependsOnOf(field);
  if (parent) names.add(parent);
  return [...names];
}

/**
 * Renders a FormSchema with antd: every field kind, rows on the 24-column grid, labels and messages in the
 * current language, linkage applied as values change. The rules are the schema's, evaluated by
 * @qb/contracts' formFieldProblem, the same function the server runs on a save.
 */
export function SchemaForm({
  schema,
  form,
  initialValues,
  onFinish,
  onValuesChange,
  context,
  name,
  className,
  components,
  children,
  ownButtons = true,
}: SchemaFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const initial = useMemo(() => initialValues ?? defaultFormValues(schema), [initialValues, schema]);
  // only the fields that linkage and dependent dropdowns read: typing elsewhere does not render the whole form
  const watchedNames = useMemo(() => [...new Set(formItems(schema).flatMap(dependenciesOf))], [schema]);
  const watched = Form.useWatch((all: FormValues) => Object.fromEntries(watchedNames.map((n) => [n, all[n]])), { form, preserve: true }) as
    FormValues | undefined;
  const values = watched ?? initial;
  const states = formFieldStates(schema, values);
  const labelWidth = schema.labelWidth ?? DEFAULT_LABEL_WIDTH;
  const gutter = schema.gutter ?? DEFAULT_GUTTER;
  const top = schema.labelPosition === 'top';
  const announcer = useErrorAnnouncer();
  const toast = useToast();
  const sending = useRef(false);

  // 自动上传 off: the files waiting in the form are sent first, each replaced by its path (kept in the form, so a
  // second submit after a failed save sends nothing twice); a file that cannot be sent stops the submit
  const finish = async (values: FormValues) => {
    if (!onFinish) return;
    if (manualUploadFields(schema).length === 0) return onFinish(values);
    if (sending.current) return;
    sending.current = true;
    try {
      const sent = await sendPendingFiles(schema, values);
      if (Object.keys(sent.changed).length) form.setFieldsValue(sent.changed);
      onFinish(sent.values);
    } catch (error) {
      const reason = error instanceof ApiError && error.kind !== 'network' ? error.message : '';
      toast.error(reason ? t('crud.uploadFailedWith', { message: reason }) : t('crud.uploadFailed'));
    } finally {
      sending.current = false;
    }
  };

  const renderValueField = (field: FormValueField, state: FormFieldState) => {
    const Custom = components && ownValue(components, field.name);
    const rules: Rule[] = [
      {
        validator: async (_rule, value) => {
          if (Custom && !isFormFieldEmpty(field, value)) return;
          const message = formFieldProblem(schema, field.name, { ...form.getFieldsValue(true), [field.name]: withPendingAsNames(value) }, lang);
          if (message) throw new Error(message);
        },
      },
    ];
    const dependsOn = dependsOnOf(field);
    const ownTable =
      'options' in field &&
      !Array.isArray(field.options) &&
      field.options.from === 'table' &&
      context?.flag !== undefined &&
      field.options.flag === context.flag;
    const control = Custom ? (
      <Custom />
    ) : (
      <FieldInput
        field={field}
        disabled={state.disabled}
        dependValue={dependsOn ? values[dependsOn] : undefined}
        disabledId={ownTable ? context?.rowId : undefined}
      />
    );
    return (
      <Form.Item
        name={field.name}
        label={field.showLabel === false ? undefined : formTextIn(field.label, lang)}
        labelCol={field.labelWidth !== undefined && !top ? { flex: `${field.labelWidth}px` } : undefined}
        // the control's own width (form-generator's style width), within the rest of the line
        wrapperCol={field.width ? { ...(top ? {} : { flex: 1 }), style: { maxWidth: field.width } } : undefined}
        required={state.required}
        rules={rules}
        dependencies={dependenciesOf(field)}
        data-testid={`form-field-${field.name}`}
      >
        {control}
      </Form.Item>
    );
  };

  const renderItems = (items: FormField[]): ReactNode =>
    items.map((item) => {
      const state = states[item.name]!;
      if (!state.visible) return null;
      const span = item.span ?? schema.span ?? 24;
      let body: ReactNode;
      if (isFormValueField(item)) body = renderValueField(item, state);
      else {
        // a layout item: its kind's own (kinds/<kind>/input.tsx)
        const Item = WEB_KIND_DESCRIPTORS[item.kind].Item as ComponentType<LayoutItemProps<FormField>>;
        body = (
          <Item field={item} disabled={state.disabled} lang={lang} t={t} form={form} gutter={gutter} items={(fields) => renderItems(fields as FormField[])} />
        );
      }
      return (
        <Col key={item.name} span={span}>
          {body}
        </Col>
      );
    });

  return (
    <Form
      form={form}
      name={name}
      className={['qb-schema-form', className].filter(Boolean).join(' ')}
      initialValues={initial}
      layout={top ? 'vertical' : 'horizontal'}
      labelAlign={schema.labelPosition === 'left' ? 'left' : 'right'}
      labelCol={top ? undefined : { flex: `${labelWidth}px` }}
      wrapperCol={top ? undefined : { flex: 1 }}
      labelWrap
      colon={false}
      size={schema.size}
      disabled={schema.disabled}
      onFinish={(values: FormValues) => void finish(values)}
      onFieldsChange={announcer.onFieldsChange}
      onValuesChange={(changed: FormValues, all: FormValues) => {
        // a dependent dropdown starts over when what it depends on changes
        for (const f of formItems(schema)) {
          const parent = dependsOnOf(f);
          if (parent && hasOwnKey(changed, parent)) form.setFieldValue(f.name, undefined);
        }
        onValuesChange?.(changed, all);
      }}
      data-testid="schema-form"
    >
      <Row gutter={gutter}>{renderItems(schema.fields)}</Row>
      {schema.buttons && ownButtons && (
        <Form.Item label={top ? undefined : ' '} className="qb-schema-form-buttons">
          <Button type="primary" htmlType="submit" data-testid="schema-form-submit">
            {t('forms.submit')}
          </Button>
          <Button onClick={() => form.resetFields()} data-testid="schema-form-reset">
            {t('forms.reset')}
          </Button>
        </Form.Item>
      )}
      {children}
      {announcer.region}
    </Form>
  );
}
