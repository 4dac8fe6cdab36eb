import { memo, useEffect, useState, type Dispatch, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Button, Empty, Form, Input, Select, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FORM_BUTTON_TYPES,
  FORM_DATE_RANGE_TYPES,
  FORM_DATE_TYPES,
  FORM_SIZE_UNITS,
  FORM_UPLOAD_ACCEPTS,
  FORM_UPLOAD_ACTION,
  FORM_UPLOAD_FIELD_NAME,
  FORM_UPLOAD_ROUTES,
  FORM_WIDTH_PATTERN,
  isFormValueField,
  type FormField,
  type FormOptionsSource,
  type FormRules,
  type FormUploadField,
} from '@qb/contracts';
import { FieldInput } from '../forms/FieldInput.tsx';
import { IconPicker } from '../forms/IconPicker.tsx';
import { COLOR_FORMATS, PLACEHOLDER_KINDS, VALUE_KINDS } from './palette.ts';
import { NumberProp, OptionsEditor, PatternsEditor, TextPair } from './propControls.tsx';
import { LinkageEditor } from './LinkageEditor.tsx';
import { findNode, type DesignerAction, type DesignerNode, type FormConfig } from './store.ts';

const NAME = /^[A-Za-z_$][\w$]*$/;

function collectNames(items: DesignerNode[], out: Set<string> = new Set()): Set<string> {
  for (const n of items) {
    out.add(n.field.name);
    if (n.children) collectNames(n.children, out);
  }
  return out;
}

/** The field name: applied only when it is a valid, unused name (the message says why not). */
function NameInput({ node, items, onChange }: { node: DesignerNode; items: DesignerNode[]; onChange(name: string): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(node.field.name);
  useEffect(() => setDraft(node.field.name), [node.field.name, node.id]);
  const taken = draft !== node.field.name && collectNames(items).has(draft);
  const problem = !NAME.test(draft) || draft.length > 64 ? t('designer.props.nameInvalid') : taken ? t('designer.props.nameTaken') : '';
  return (
    <Form.Item label={t('designer.props.name')} validateStatus={problem ? 'error' : undefined} help={problem || undefined}>
      <Input
        value={draft}
        data-testid="prop-name"
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          if (NAME.test(v) && v.length <= 64 && (v === node.field.name || !collectNames(items).has(v))) onChange(v);
        }}
      />
    </Form.Item>
  );
}

const WIDTH = FORM_WIDTH_PATTERN;

/** 组件宽度 (style width): px or %, applied once valid (red until then); empty is the whole line. */
function WidthInput({ value, onChange }: { value?: string; onChange(width: string | undefined): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const bad = draft.trim() !== '' && !WIDTH.test(draft.trim());
  return (
    <Form.Item label={t('designer.props.width')} validateStatus={bad ? 'error' : undefined} help={bad ? t('designer.props.widthInvalid') : undefined}>
      <Input
        value={draft}
        placeholder="100%"
        aria-label={t('designer.props.width')}
        data-testid="prop-width"
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          const trimmed = v.trim();
          if (trimmed === '') onChange(undefined);
          else if (WIDTH.test(trimmed)) onChange(trimmed === '100%' ? undefined : trimmed);
        }}
      />
    </Form.Item>
  );
}

/**
 * 上传地址, 文件字段名, 自动上传: the route and its field are chosen among FORM_UPLOAD_ROUTES only (the file goes with
 * the viewer's session); the defaults are not stored. 自动上传 off: the file is sent when the form is submitted.
 */
function uploadTargetRows(field: FormUploadField, set: (patch: Record<string, unknown>) => void, t: TFunction): ReactNode[] {
  const action = field.action ?? FORM_UPLOAD_ACTION;
  const fields = FORM_UPLOAD_ROUTES[action] ?? [FORM_UPLOAD_FIELD_NAME];
  const fieldName = field.fieldName ?? FORM_UPLOAD_FIELD_NAME;
  const label = (key: string) => t(`designer.props.${key}`);
  return [
    <Form.Item key="uploadAction" label={label('uploadAction')} help={t('designer.props.uploadActionHelp')}>
      <Select
        value={action}
        aria-label={label('uploadAction')}
        data-testid="prop-uploadAction"
        onChange={(next: string) => {
          const read = FORM_UPLOAD_ROUTES[next] ?? [];
          set({
            action: next === FORM_UPLOAD_ACTION ? undefined : next,
            fieldName: read.includes(fieldName) && fieldName !== FORM_UPLOAD_FIELD_NAME ? fieldName : undefined,
          });
        }}
        options={Object.keys(FORM_UPLOAD_ROUTES).map((route) => ({ value: route, label: route }))}
      />
    </Form.Item>,
    <Form.Item key="uploadFieldName" label={label('uploadFieldName')}>
      <Select
        value={fieldName}
        aria-label={label('uploadFieldName')}
        data-testid="prop-uploadFieldName"
        onChange={(next: string) => set({ fieldName: next === FORM_UPLOAD_FIELD_NAME ? undefined : next })}
        options={fields.map((name) => ({ value: name, label: name }))}
      />
    </Form.Item>,
    <Form.Item key="autoUpload" label={label('autoUpload')} help={field.autoUpload === false ? t('designer.props.autoUploadOff') : undefined}>
      <Switch
        checked={field.autoUpload !== false}
        onChange={(on) => set({ autoUpload: on ? undefined : false })}
        aria-label={label('autoUpload')}
        data-testid="prop-autoUpload"
      />
    </Form.Item>,
  ];
}

/** 组件属性: every key of SPEC.md §3 the schema expresses for the active item's kind. */
export const FieldPanel = memo(function FieldPanel({
  items,
  activeId,
  form,
  dispatch,
}: {
  items: DesignerNode[];
  activeId: number | null;
  form: FormConfig;
  dispatch: Dispatch<DesignerAction>;
}) {
  const { t } = useTranslation();
  const node = activeId === null ? undefined : findNode(items, activeId);
  if (!node) return <Empty description={t('designer.noActive')} />;
  const field = node.field as FormField & Record<string, unknown>;
  const id = node.id;
  const set = (patch: Record<string, unknown>, tag?: string) => dispatch({ type: 'update', id, patch, tag });
  const rules: FormRules = (isFormValueField(field) && field.rules) || {};
  const setRule = (key: keyof FormRules, value: unknown, tag?: string) => {
    const next = { ...rules, [key]: value } as Record<string, unknown>;
    if (value === undefined || value === false) delete next[key];
    set({ rules: Object.keys(next).length ? next : undefined }, tag && `rules.${tag}`);
  };
  const item = (key: string, label: string, control: ReactNode) => (
    <Form.Item key={key} label={label}>
      {control}
    </Form.Item>
  );
  const bool = (key: string, label = t(`designer.props.${key}`)) =>
    item(key, label, <Switch checked={!!field[key]} onChange={(v) => set({ [key]: v })} data-testid={`prop-${key}`} aria-label={label} />);
  const num = (key: string, min?: number, max?: number) =>
    item(
      key,
      t(`designer.props.${key}`),
      <NumberProp
        value={field[key] as number | undefined}
        min={min}
        max={max}
        onChange={(v) => set({ [key]: v }, key)}
        testId={`prop-${key}`}
        label={t(`designer.props.${key}`)}
      />,
    );
  const ruleNum = (key: 'min' | 'max' | 'minLength' | 'maxLength', min?: number) =>
    item(
      key,
      t(`designer.props.${key}`),
      <NumberProp value={rules[key]} min={min} onChange={(v) => setRule(key, v, key)} testId={`prop-${key}`} label={t(`designer.props.${key}`)} />,
    );
  const text = (key: string) =>
    item(
      key,
      t(`designer.props.${key}`),
      <TextPair value={field[key] as never} onChange={(v) => set({ [key]: v }, key)} testId={`prop-${key}`} label={t(`designer.props.${key}`)} />,
    );
  const icon = (key: 'prefixIcon' | 'suffixIcon' | 'icon') => {
    const label = t(`designer.props.${key}`);
    const name = field[key] as string | undefined;
    return item(
      key,
      label,
      <IconPicker
        value={name}
        onChange={(v) => set({ [key]: typeof v === 'string' && v ? v : undefined })}
        ariaLabel={name ? t('designer.props.iconOf', { label, name }) : label}
        testId={`prop-${key}`}
      />,
    );
  };
  const choice = <V extends string>(key: string, values: readonly V[], label = t(`designer.props.${key}`), labelOf: (v: V) => string = (v) => v) =>
    item(
      key,
      label,
      <Select
        value={field[key] as V | undefined}
        onChange={(v) => set({ [key]: v })}
        options={values.map((v) => ({ value: v, label: labelOf(v) }))}
        aria-label={label}
        data-testid={`prop-${key}`}
      />,
    );

  const rows: ReactNode[] = [];
  if (isFormValueField(field))
    rows.push(
      item(
        'kind',
        t('designer.props.kind'),
        <Select
          value={field.kind}
          aria-label={t('designer.props.kind')}
          data-testid="prop-kind"
          onChange={(kind) => dispatch({ type: 'changeKind', id, kind })}
          options={VALUE_KINDS.map((k) => ({ value: k, label: t(`designer.kinds.${k}`) }))}
        />,
      ),
    );
  rows.push(<NameInput key="name" node={node} items={items} onChange={(name) => set({ name }, 'name')} />);
  rows.push(
    item(
      'label',
      t('designer.props.label'),
      <TextPair value={field.label} onChange={(v) => set({ label: v ?? { zh: '' } }, 'label')} testId="prop-label" label={t('designer.props.label')} />,
    ),
  );
  if (isFormValueField(field) && PLACEHOLDER_KINDS.includes(field.kind)) rows.push(text('placeholder'));
  if (isFormValueField(field)) rows.push(<WidthInput key="width" value={field.width} onChange={(width) => set({ width }, 'width')} />);
  rows.push(
    item(
      'span',
      t('designer.props.span'),
      <Slider
        min={1}
        max={24}
        value={(field.span as number | undefined) ?? form.span ?? 24}
        onChange={(v) => set({ span: v }, 'span')}
        aria-label={t('designer.props.span')}
      />,
    ),
  );
  if (field.kind !== 'row') {
    rows.push(num('labelWidth', 0, 1000));
    rows.push(
      item(
        'showLabel',
        t('designer.props.showLabel'),
        <Switch checked={field.showLabel !== false} onChange={(v) => set({ showLabel: v ? undefined : false })} aria-label={t('designer.props.showLabel')} />,
      ),
    );
  }
  switch (field.kind) {
    case 'text':
      rows.push(
        text('prepend'),
        text('append'),
        icon('prefixIcon'),
        icon('suffixIcon'),
        bool('clearable'),
        bool('showCount'),
        ruleNum('minLength', 0),
        ruleNum('maxLength', 1),
      );
      break;
    case 'textarea':
      rows.push(num('rows', 1), bool('showCount'), ruleNum('minLength', 0), ruleNum('maxLength', 1));
      break;
    case 'password':
      rows.push(icon('prefixIcon'), icon('suffixIcon'), bool('showCount'), ruleNum('minLength', 0), ruleNum('maxLength', 1));
      break;
    case 'number':
      rows.push(ruleNum('min'), ruleNum('max'), num('step', 0), num('precision', 0));
      break;
    case 'richText':
      rows.push(num('height', 50), ruleNum('maxLength', 1));
      break;
    case 'select':
      rows.push(bool('multiple'), bool('filterable'));
      if (field.multiple) rows.push(ruleNum('min', 0), ruleNum('max', 0));
      break;
    case 'cascader':
      rows.push(
        bool('multiple'),
        bool('changeOnSelect'),
        item(
          'emitPath',
          t('designer.props.emitPath'),
          <Switch checked={field.emitPath !== false} onChange={(v) => set({ emitPath: v ? undefined : false })} />,
        ),
      );
      break;
    case 'radio':
      rows.push(bool('button'), bool('border'));
      break;
    case 'checkbox':
      rows.push(bool('border'), ruleNum('min', 0), ruleNum('max', 0));
      break;
    case 'switch':
      rows.push(text('activeText'), text('inactiveText'));
      break;
    case 'slider':
      rows.push(ruleNum('min'), ruleNum('max'), num('step', 0), bool('range'), bool('showStops'));
      break;
    case 'time':
      rows.push(
        item(
          'format',
          t('designer.props.format'),
          <Input value={String(field.format ?? '')} onChange={(e) => set({ format: e.target.value || undefined }, 'format')} />,
        ),
      );
      break;
    case 'timeRange':
      rows.push(
        item(
          'format',
          t('designer.props.format'),
          <Input value={String(field.format ?? '')} onChange={(e) => set({ format: e.target.value || undefined }, 'format')} />,
        ),
        text('startPlaceholder'),
        text('endPlaceholder'),
      );
      break;
    case 'date':
      rows.push(
        choice('type', FORM_DATE_TYPES, t('designer.props.dateType'), (v) => t(`designer.dateTypes.${v}`)),
        item(
          'format',
          t('designer.props.format'),
          <Input value={String(field.format ?? '')} onChange={(e) => set({ format: e.target.value || undefined }, 'format')} />,
        ),
      );
      break;
    case 'dateRange':
      rows.push(
        choice('type', FORM_DATE_RANGE_TYPES, t('designer.props.dateType'), (v) => t(`designer.dateTypes.${v}`)),
        item(
          'format',
          t('designer.props.format'),
          <Input value={String(field.format ?? '')} onChange={(e) => set({ format: e.target.value || undefined }, 'format')} />,
        ),
        text('startPlaceholder'),
        text('endPlaceholder'),
      );
      break;
    case 'rate':
      rows.push(num('count', 1, 10), bool('allowHalf'), bool('showText'), bool('showScore'));
      break;
    case 'color':
      rows.push(
        item(
          'colorFormat',
          t('designer.props.colorFormat'),
          <Select
            value={`${field.format ?? 'hex'}${field.alpha && field.format !== 'hex' ? 'a' : ''}`}
            aria-label={t('designer.props.colorFormat')}
            data-testid="prop-colorFormat"
            onChange={(v) => set({ colorFormat: v })}
            options={COLOR_FORMATS.map((v) => ({ value: v, label: v }))}
          />,
        ),
      );
      break;
    case 'upload':
      rows.push(
        choice('listType', ['text', 'picture', 'picture-card'] as const),
        bool('multiple'),
        num('limit', 1),
        text('buttonText'),
        bool('showTip'),
        ...uploadTargetRows(field as FormUploadField, set, t),
        item(
          'accept',
          t('designer.props.accept'),
          <Select
            mode="multiple"
            value={rules.accept ?? []}
            aria-label={t('designer.props.accept')}
            onChange={(v: string[]) => setRule('accept', v.length ? v : undefined)}
            options={Object.keys(FORM_UPLOAD_ACCEPTS).map((k) => ({ value: k, label: t(`designer.acceptNames.${k}`) }))}
          />,
        ),
        item(
          'fileSize',
          t('designer.props.fileSize'),
          <div className="qb-designer-inline">
            <NumberProp
              value={rules.maxSize?.value}
              min={1}
              onChange={(v) => setRule('maxSize', v ? { value: v, unit: rules.maxSize?.unit ?? 'MB' } : undefined, 'maxSize')}
              testId="prop-fileSize"
              label={t('designer.props.fileSize')}
            />
            <Select
              value={rules.maxSize?.unit ?? 'MB'}
              aria-label={t('designer.props.sizeUnit')}
              onChange={(unit) => setRule('maxSize', { value: rules.maxSize?.value ?? 2, unit })}
              options={FORM_SIZE_UNITS.map((u) => ({ value: u, label: u }))}
            />
          </div>,
        ),
      );
      break;
    case 'row':
      rows.push(
        num('gutter', 0, 100),
        choice('justify', ['start', 'end', 'center', 'space-around', 'space-between'] as const),
        choice('align', ['top', 'middle', 'bottom'] as const),
      );
      break;
    case 'button':
      rows.push(
        text('text'),
        icon('icon'),
        choice('buttonType', FORM_BUTTON_TYPES),
        choice('size', ['large', 'middle', 'small'] as const, t('designer.props.buttonSize'), (v) => t(`designer.form.${v}`)),
        choice('action', ['none', 'submit', 'reset'] as const, t('designer.props.action'), (v) => t(`designer.props.${v}`)),
        bool('disabled'),
      );
      break;
    case 'table':
      rows.push(item('columns', t('designer.props.columns'), <ColumnsEditor columns={field.columns} onChange={(columns) => set({ columns }, 'columns')} />));
      break;
  }
  if (field.options !== undefined)
    rows.push(
      item(
        'options',
        t('designer.props.options'),
        <OptionsEditor value={field.options as FormOptionsSource} tree={field.kind === 'cascader'} onChange={(options) => set({ options }, 'options')} />,
      ),
    );
  if (isFormValueField(field)) {
    if (field.kind !== 'upload' && field.kind !== 'richText')
      rows.push(
        item(
          'defaultValue',
          t('designer.props.defaultValue'),
          <div className="qb-designer-default" data-testid="prop-defaultValue">
            <FieldInput
              key={node.renderKey}
              field={{ ...field, disabled: false, readonly: false } as typeof field}
              value={field.defaultValue}
              onChange={(v) => set({ defaultValue: v }, 'defaultValue')}
            />
          </div>,
        ),
      );
    rows.push(bool('readonly'), bool('disabled'));
    rows.push(
      item(
        'required',
        t('designer.props.required'),
        <Switch
          checked={!!rules.required}
          onChange={(v) => setRule('required', v || undefined)}
          data-testid="prop-required"
          aria-label={t('designer.props.required')}
        />,
      ),
    );
    rows.push(
      item(
        'requiredMessage',
        t('designer.props.requiredMessage'),
        <TextPair
          value={rules.requiredMessage}
          onChange={(v) => setRule('requiredMessage', v, 'requiredMessage')}
          label={t('designer.props.requiredMessage')}
        />,
      ),
    );
    if (['text', 'textarea', 'password', 'number'].includes(field.kind))
      rows.push(item('patterns', t('designer.props.regList'), <PatternsEditor value={rules.patterns} onChange={(v) => setRule('patterns', v, 'patterns')} />));
  }
  rows.push(<LinkageEditor key="linkage" node={node} items={items} dispatch={dispatch} />);
  return (
    <Form layout="horizontal" size="small" labelCol={{ flex: '88px' }} labelWrap className="qb-designer-props" key={node.id}>
      {rows}
    </Form>
  );
});

function ColumnsEditor({ columns, onChange }: { columns: { name: string; label: { zh: string; en?: string } }[]; onChange(c: typeof columns): void }) {
  const { t } = useTranslation();
  return (
    <div className="qb-designer-patterns">
      {columns.map((c, i) => (
        <div key={i} className="qb-designer-pattern">
          <Input
            value={c.name}
            aria-label={`${t('designer.props.columnName')} ${i + 1}`}
            onChange={(e) => NAME.test(e.target.value) && onChange(columns.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
          />
          <TextPair
            value={c.label}
            onChange={(label) => onChange(columns.map((x, j) => (j === i ? { ...x, label: label ?? { zh: '' } } : x)))}
            label={`${t('designer.props.columnLabel')} ${i + 1}`}
          />
        </div>
      ))}
      <Button size="small" onClick={() => onChange([...columns, { name: `col${columns.length + 1}`, label: { zh: `${columns.length + 1}` } }])}>
        {t('designer.props.addColumn')}
      </Button>
    </div>
  );
}
