import { memo, useEffect, useState, type Dispatch } from 'react';
import { Form, Input, InputNumber, Radio, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORM_CODE_NAME_DEFAULTS, FORM_CODE_NAME_KEYS, formCodeNameProblem, type FormCodeNameKey } from '@qb/contracts';
import type { DesignerAction, FormConfig } from './store.ts';

/**
 * 表单名, 表单模型, 校验模型: a name of the generated file, typed as a draft and applied on Enter or when left, only when
 * it is one the file can take (red with the reason until then, so the schema never holds another); empty is the
 * default (shown as placeholder).
 */
function CodeNameInput({ nameKey, form, onChange }: { nameKey: FormCodeNameKey; form: FormConfig; onChange(name: string | undefined): void }) {
  const { t } = useTranslation();
  const value = form[nameKey];
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const typed = draft.trim();
  const problem = typed === '' ? undefined : formCodeNameProblem(nameKey, typed, form);
  const label = t(`designer.form.${nameKey}`);
  // applied when left or on Enter, and only when valid: a half-typed name (clas, on the way to class) is never stored
  const apply = () => {
    if (problem) return;
    const name = typed === '' || typed === FORM_CODE_NAME_DEFAULTS[nameKey] ? undefined : typed;
    if (name !== value) onChange(name);
  };
  const help =
    problem && t(`designer.form.codeName.${problem.kind}`, { name: typed, other: problem.kind === 'same' ? t(`designer.form.${problem.other}`) : '' });
  return (
    <Form.Item label={label} validateStatus={problem ? 'error' : undefined} help={help}>
      <Input
        value={draft}
        placeholder={FORM_CODE_NAME_DEFAULTS[nameKey]}
        aria-label={label}
        data-testid={`form-${nameKey}`}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onPressEnter={apply}
      />
    </Form.Item>
  );
}

/**
 * 表单属性: SPEC.md §3's form config as far as the schema holds it (the names of the generated file, size, label
 * position and width, gutter ≥ 0, disabled, buttons, span, the canvas's border).
 */
export const FormPanel = memo(function FormPanel({ form, dispatch }: { form: FormConfig; dispatch: Dispatch<DesignerAction> }) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormConfig>, tag?: string) => dispatch({ type: 'updateForm', patch, tag });
  return (
    <Form layout="horizontal" size="small" labelCol={{ flex: '88px' }} labelWrap className="qb-designer-props">
      {FORM_CODE_NAME_KEYS.map((key) => (
        <CodeNameInput key={key} nameKey={key} form={form} onChange={(name) => set({ [key]: name }, key)} />
      ))}
      <Form.Item label={t('designer.form.size')}>
        <Radio.Group
          optionType="button"
          value={form.size ?? 'middle'}
          onChange={(e) => set({ size: e.target.value })}
          options={(['large', 'middle', 'small'] as const).map((v) => ({ value: v, label: t(`designer.form.${v}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('designer.form.labelPosition')}>
        <Radio.Group
          optionType="button"
          value={form.labelPosition ?? 'right'}
          onChange={(e) => set({ labelPosition: e.target.value })}
          options={(['left', 'right', 'top'] as const).map((v) => ({ value: v, label: t(`designer.form.${v}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('designer.form.labelWidth')}>
        <InputNumber
          min={0}
          max={1000}
          value={form.labelWidth}
          onChange={(v) => set({ labelWidth: v ?? undefined }, 'labelWidth')}
          data-testid="form-labelWidth"
        />
      </Form.Item>
      <Form.Item label={t('designer.form.gutter')}>
        <InputNumber min={0} max={100} value={form.gutter} onChange={(v) => set({ gutter: v ?? undefined }, 'gutter')} data-testid="form-gutter" />
      </Form.Item>
      <Form.Item label={t('designer.form.span')}>
        <Slider min={1} max={24} value={form.span ?? 24} onChange={(v) => set({ span: v }, 'span')} aria-label={t('designer.form.span')} />
      </Form.Item>
      <Form.Item label={t('designer.form.disabled')}>
        <Switch checked={!!form.disabled} onChange={(v) => set({ disabled: v })} aria-label={t('designer.form.disabled')} />
      </Form.Item>
      <Form.Item label={t('designer.form.buttons')}>
        <Switch checked={!!form.buttons} onChange={(v) => set({ buttons: v })} aria-label={t('designer.form.buttons')} data-testid="form-buttons" />
      </Form.Item>
      <Form.Item label={t('designer.form.unFocusedBorder')}>
        <Switch
          checked={form.unFocusedComponentBorder !== false}
          onChange={(v) => set({ unFocusedComponentBorder: v })}
          aria-label={t('designer.form.unFocusedBorder')}
          data-testid="form-unFocusedBorder"
        />
      </Form.Item>
    </Form>
  );
});
