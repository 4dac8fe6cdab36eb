import { memo, type Dispatch } from 'react';
import { Form, InputNumber, Radio, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignerAction, FormConfig } from './store.ts';

/** 表单属性: SPEC.md §3's form config as far as the schema holds it (size, label position and width, gutter ≥ 0, disabled, buttons, span). */
export const FormPanel = memo(function FormPanel({ form, dispatch }: { form: FormConfig; dispatch: Dispatch<DesignerAction> }) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormConfig>, tag?: string) => dispatch({ type: 'updateForm', patch, tag });
  return (
    <Form layout="horizontal" size="small" labelCol={{ flex: '88px' }} labelWrap className="qb-designer-props">
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
        <InputNumber min={0} max={1000} value={form.labelWidth} onChange={(v) => set({ labelWidth: v ?? undefined }, 'labelWidth')} data-testid="form-labelWidth" />
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
