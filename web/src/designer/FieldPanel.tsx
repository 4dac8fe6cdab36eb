import { memo, useEffect, useId, useState, type Dispatch, type ReactNode } from 'react';
import { Empty, Form, Input, Select, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORM_WIDTH_PATTERN, formValueKind, isFormValueField, typedLabel, type FormField, type FormOptionsSource, type FormRules } from '@qb/contracts';
import { FieldInput } from '../forms/FieldInput.tsx';
import { IconPicker } from '../forms/IconPicker.tsx';
import { kindDesign } from '../forms/kinds/design.ts';
import { NumberProp, OptionsEditor, PatternsEditor, TextPair } from '../forms/kinds/propControls.tsx';
import { kindName, PLACEHOLDER_KINDS, VALUE_KINDS } from './palette.ts';
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
  const id = useId();
  return (
    <Form.Item label={t('designer.props.name')} htmlFor={id} validateStatus={problem ? 'error' : undefined} help={problem || undefined}>
      <Input
        id={id}
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
  const { t, i18n } = useTranslation();
  const defaultId = useId();
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
          options={VALUE_KINDS.map((k) => ({ value: k, label: kindName(k, i18n.language) }))}
        />,
      ),
    );
  rows.push(<NameInput key="name" node={node} items={items} onChange={(name) => set({ name }, 'name')} />);
  rows.push(
    item(
      'label',
      t('designer.props.label'),
      <TextPair
        value={field.label}
        // the Chinese typed over a new item's name: its English palette name is nobody's label (issue 31 #2)
        onChange={(v) => set({ label: (v && v.zh !== field.label?.zh ? typedLabel(v) : v) ?? { zh: '' } }, 'label')}
        testId="prop-label"
        label={t('designer.props.label')}
      />,
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
  if (!kindDesign(field.kind).container) {
    rows.push(num('labelWidth', 0, 1000));
    rows.push(
      item(
        'showLabel',
        t('designer.props.showLabel'),
        <Switch checked={field.showLabel !== false} onChange={(v) => set({ showLabel: v ? undefined : false })} aria-label={t('designer.props.showLabel')} />,
      ),
    );
  }
  // the kind's own rows (its kinds/<kind>/design.tsx)
  const design = kindDesign(field.kind);
  if (design.panel) rows.push(...design.panel(field, { t, rules, set, setRule, item, bool, num, ruleNum, text, icon, choice }));
  if (field.options !== undefined)
    rows.push(
      item(
        'options',
        t('designer.props.options'),
        <OptionsEditor value={field.options as FormOptionsSource} tree={!!design.optionTree} onChange={(options) => set({ options }, 'options')} />,
      ),
    );
  if (isFormValueField(field)) {
    if (!design.noDefaultValue)
      rows.push(
        // the label bound to the control by its id: the input is named 默认值 (issue 31 #8)
        <Form.Item key="defaultValue" label={t('designer.props.defaultValue')} htmlFor={defaultId}>
          <div className="qb-designer-default" data-testid="prop-defaultValue">
            <FieldInput
              key={node.renderKey}
              id={defaultId}
              field={{ ...field, disabled: false, readonly: false } as typeof field}
              value={field.defaultValue}
              onChange={(v) => set({ defaultValue: v }, 'defaultValue')}
            />
          </div>
        </Form.Item>,
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
    if (formValueKind(field).rules.includes('patterns'))
      rows.push(item('patterns', t('designer.props.regList'), <PatternsEditor value={rules.patterns} onChange={(v) => setRule('patterns', v, 'patterns')} />));
  }
  rows.push(<LinkageEditor key="linkage" node={node} items={items} dispatch={dispatch} />);
  return (
    <Form layout="horizontal" size="small" labelCol={{ flex: '88px' }} labelWrap className="qb-designer-props" key={node.id}>
      {rows}
    </Form>
  );
});
