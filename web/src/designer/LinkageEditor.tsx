import { useEffect, useState, type Dispatch } from 'react';
import { Button, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FORM_LINKAGE_OPS, formTextIn, type FormLinkage, type FormScalar, type FormValueField } from '@qb/contracts';
import { defaultLinkageValue, linkageEffectsFor, linkageOptions, linkageTargets, linkageValueInput, type LinkagePatch } from './linkage.ts';
import { optionValue } from '../forms/kinds/propControls.tsx';
import type { DesignerAction, DesignerNode } from './store.ts';
import './linkage.css';

/**
 * 联动 in 组件属性: the active item's linkage rules, each one line "when [field] [op] [value] then [effect]"
 * (docs/forms.md "Linkage"). Every change is a reducer action (linkage.ts), so undo, redo and storage follow.
 */
export function LinkageEditor({ node, items, dispatch }: { node: DesignerNode; items: DesignerNode[]; dispatch: Dispatch<DesignerAction> }) {
  const { t } = useTranslation();
  const rules = node.field.linkage ?? [];
  const targets = linkageTargets(items, node.id);
  return (
    <section className="qb-linkage" aria-labelledby={`qb-linkage-${node.id}`} data-testid="linkage">
      <Typography.Title level={5} id={`qb-linkage-${node.id}`} className="qb-linkage-title">
        {t('designer.linkage.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="qb-linkage-hint">
        {t('designer.linkage.hint')}
      </Typography.Paragraph>
      {rules.map((rule, index) => (
        <LinkageRule
          key={index}
          index={index}
          rule={rule}
          targets={targets}
          effects={linkageEffectsFor(node.field)}
          change={(patch, tag) => dispatch({ type: 'changeLinkage', id: node.id, index, patch, tag })}
          remove={() => dispatch({ type: 'removeLinkage', id: node.id, index })}
        />
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={!targets.length}
        onClick={() => dispatch({ type: 'addLinkage', id: node.id })}
        data-testid="linkage-add"
      >
        {t('designer.linkage.add')}
      </Button>
      {!targets.length && (
        <Typography.Paragraph type="secondary" className="qb-linkage-hint" data-testid="linkage-no-targets">
          {t('designer.linkage.noTargets')}
        </Typography.Paragraph>
      )}
    </section>
  );
}

function LinkageRule({
  index,
  rule,
  targets,
  effects,
  change,
  remove,
}: {
  index: number;
  rule: FormLinkage;
  targets: FormValueField[];
  effects: readonly string[];
  change(patch: LinkagePatch, tag?: string): void;
  remove(): void;
}) {
  const { t, i18n } = useTranslation();
  const n = index + 1;
  const target = targets.find((f) => f.name === rule.when.field);
  const labelOf = (f: FormValueField) => `${formTextIn(f.label, i18n.language) || f.name} (${f.name})`;
  return (
    <div className="qb-linkage-rule" role="group" aria-label={t('designer.linkage.rule', { n })} data-testid={`linkage-rule-${index}`}>
      <div className="qb-linkage-line">
        <span className="qb-linkage-word">{t('designer.linkage.when')}</span>
        <Select
          className="qb-linkage-field"
          size="small"
          showSearch
          optionFilterProp="label"
          value={rule.when.field}
          status={target ? undefined : 'error'}
          aria-label={t('designer.linkage.field', { n })}
          data-testid={`linkage-field-${index}`}
          onChange={(field) => change({ field })}
          options={targets.map((f) => ({ value: f.name, label: labelOf(f) }))}
        />
      </div>
      <div className="qb-linkage-line qb-linkage-cond">
        <Select
          className="qb-linkage-op"
          size="small"
          value={rule.when.op}
          aria-label={t('designer.linkage.op', { n })}
          data-testid={`linkage-op-${index}`}
          onChange={(op) => change({ op })}
          options={FORM_LINKAGE_OPS.map((op) => ({ value: op, label: t(`designer.linkage.ops.${op}`) }))}
        />
        {(rule.when.op === 'equals' || rule.when.op === 'in') && (
          <LinkageValue index={index} rule={rule} target={target} onChange={(value, tag) => change({ value }, tag)} />
        )}
      </div>
      <div className="qb-linkage-line">
        <span className="qb-linkage-word">{t('designer.linkage.then')}</span>
        <Select
          className="qb-linkage-then"
          size="small"
          value={rule.then}
          aria-label={t('designer.linkage.effect', { n })}
          data-testid={`linkage-then-${index}`}
          onChange={(then) => change({ then })}
          options={effects.map((e) => ({ value: e, label: t(`designer.linkage.effects.${e}`) }))}
        />
        <Button
          size="small"
          danger
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('designer.linkage.remove', { n })}
          data-testid={`linkage-remove-${index}`}
          onClick={remove}
        />
      </div>
      {!target && (
        <Typography.Text type="danger" className="qb-linkage-problem">
          {t('designer.linkage.missingField', { name: rule.when.field })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The value(s) of an equals / in condition, typed as the chosen field takes them. */
function LinkageValue({
  index,
  rule,
  target,
  onChange,
}: {
  index: number;
  rule: FormLinkage;
  target?: FormValueField;
  onChange(v: FormScalar | FormScalar[], tag?: string): void;
}) {
  const { t, i18n } = useTranslation();
  const n = index + 1;
  const label = t('designer.linkage.value', { n });
  const testId = `linkage-value-${index}`;
  const input = linkageValueInput(target);
  const multiple = rule.when.op === 'in';
  const current = rule.when.value;
  const list = Array.isArray(current) ? current : current === undefined ? [] : [current];
  // an `in` list emptied stays on screen (red) while the rule keeps its last values: the schema needs one
  const [emptied, setEmptied] = useState(false);
  useEffect(() => setEmptied(false), [rule.when.field, rule.when.op]);

  // the choices, when the field has them: its options, or a switch's two values
  let choices: { value: FormScalar; label: string }[] | undefined;
  if (input === 'options') choices = linkageOptions(target).map((o) => ({ value: o.value, label: formTextIn(o.label, i18n.language) || String(o.value) }));
  if (input === 'switch' && target?.kind === 'switch') {
    const on = defaultLinkageValue(target);
    const off = target.inactiveValue;
    choices = [
      { value: on, label: formTextIn(target.activeText, i18n.language) || t('designer.linkage.on') },
      {
        value: typeof off === 'string' || typeof off === 'number' || typeof off === 'boolean' ? off : false,
        label: formTextIn(target.inactiveText, i18n.language) || t('designer.linkage.off'),
      },
    ];
  }
  const problem = multiple && emptied ? t('designer.linkage.valueRequired') : '';
  const setList = (values: FormScalar[]) => {
    setEmptied(!values.length);
    if (values.length) onChange(values);
  };

  if (input === 'switch' && !multiple && choices) {
    const checked = String(current) === String(choices[0]!.value);
    return (
      <Switch
        size="small"
        checked={checked}
        checkedChildren={choices[0]!.label}
        unCheckedChildren={choices[1]!.label}
        aria-label={label}
        data-testid={testId}
        onChange={(on) => onChange(choices[on ? 0 : 1]!.value)}
      />
    );
  }
  if (choices) {
    // keys are texts (a Select value cannot be a boolean); conditions compare as text anyway
    const byKey = new Map(choices.map((c) => [String(c.value), c.value]));
    const options = choices.map((c) => ({ value: String(c.value), label: c.label }));
    return (
      <span className="qb-linkage-value">
        <Select
          size="small"
          mode={multiple ? 'multiple' : undefined}
          value={multiple ? (emptied ? [] : list.map(String)) : String(current ?? '')}
          status={problem ? 'error' : undefined}
          aria-label={label}
          data-testid={testId}
          options={options}
          onChange={(v: string | string[]) =>
            Array.isArray(v) ? setList(v.map((k) => byKey.get(k) ?? optionValue(k))) : onChange(byKey.get(v) ?? optionValue(v))
          }
        />
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      </span>
    );
  }
  if (multiple) {
    // typed values, Enter after each
    const typed = (k: string): FormScalar => (input === 'number' ? optionValue(k) : k);
    return (
      <span className="qb-linkage-value">
        <Select
          size="small"
          mode="tags"
          open={false}
          suffixIcon={null}
          value={emptied ? [] : list.map(String)}
          status={problem ? 'error' : undefined}
          placeholder={t('designer.linkage.typeValues')}
          aria-label={label}
          data-testid={testId}
          onChange={(v: string[]) => setList(v.map(typed))}
        />
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      </span>
    );
  }
  if (input === 'number')
    return (
      <span className="qb-linkage-value">
        <InputNumber
          size="small"
          style={{ width: '100%' }}
          value={typeof current === 'number' ? current : Number(current) || 0}
          aria-label={label}
          data-testid={testId}
          onChange={(v) => typeof v === 'number' && onChange(v, 'value')}
        />
      </span>
    );
  return (
    <span className="qb-linkage-value">
      <Input size="small" value={String(current ?? '')} aria-label={label} data-testid={testId} onChange={(e) => onChange(e.target.value, 'value')} />
    </span>
  );
}
