import { lazy, Suspense, type ReactNode } from 'react';
import { Cascader, Checkbox, ColorPicker, ConfigProvider, Input, InputNumber, Radio, Rate, Select, Slider, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formTextIn, type FormCascaderField, type FormCheckboxField, type FormRadioField, type FormSelectField, type FormValueField } from '@qb/contracts';
import { findOptionPath, type OptionItem } from './options.ts';
import { DateInput, DateRangeInput, TimeInput, TimeRangeInput } from './pickers.tsx';
import { UploadInput } from './UploadInput.tsx';
import { useFieldOptions } from './useFieldOptions.ts';
import { formIconNode } from './formIcons.tsx';
// the upload box and editor styles live with the crud controls they belong to
import './forms.css';

// the editor (tiptap, ProseMirror) is the crud one, loaded with the first form that has one
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export interface FieldInputProps {
  field: FormValueField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** value of the field a dependent dropdown depends on */
  dependValue?: unknown;
  /** the row being edited when the options come from its own table: it cannot be picked (its own parent) */
  disabledId?: unknown;
  /** from the form item: its error and help text, invalid and required states, handed on to the control */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** The form item's aria attributes among a control's props (antd's Form.Item gives them to its direct child). */
function ariaOf(props: FieldInputProps) {
  return { 'aria-describedby': props['aria-describedby'], 'aria-invalid': props['aria-invalid'], 'aria-required': props['aria-required'] };
}

type OptionField = FormSelectField | FormCascaderField | FormRadioField | FormCheckboxField;
const RATE_TEXTS = ['forms.rate1', 'forms.rate2', 'forms.rate3', 'forms.rate4', 'forms.rate5'] as const;

/** One control by kind; values are plain JSON (texts for dates and colours, paths for uploads), as the server stores them. */
export function FieldInput(props: FieldInputProps) {
  const { field } = props;
  const control =
    field.kind === 'select' || field.kind === 'cascader' || field.kind === 'radio' || field.kind === 'checkbox' ? (
      <OptionInput {...props} field={field} />
    ) : (
      <PlainInput {...props} />
    );
  // the form item hands value, onChange and id to this component; disabling reaches every antd part inside
  return props.disabled ? <ConfigProvider componentDisabled>{control}</ConfigProvider> : control;
}

function PlainInput(props: FieldInputProps) {
  const { field, value, onChange, id, disabled } = props;
  const aria = ariaOf(props);
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const placeholder = field.placeholder ? formTextIn(field.placeholder, lang) : undefined;
  const readOnly = !!field.readonly;
  const rules = field.rules ?? {};
  const change = (v: unknown) => onChange?.(v);
  switch (field.kind) {
    case 'text': {
      const input = (
        <Input
          id={id}
          {...aria}
          value={value as string}
          onChange={(e) => change(e.target.value)}
          maxLength={rules.maxLength}
          showCount={field.showCount && rules.maxLength !== undefined}
          placeholder={placeholder}
          allowClear={field.clearable ?? true}
          prefix={formIconNode(field.prefixIcon)}
          suffix={formIconNode(field.suffixIcon)}
          readOnly={readOnly}
          disabled={disabled}
        />
      );
      if (!field.prepend && !field.append) return input;
      return (
        <Space.Compact block>
          {field.prepend && <Space.Addon>{formTextIn(field.prepend, lang)}</Space.Addon>}
          {input}
          {field.append && <Space.Addon>{formTextIn(field.append, lang)}</Space.Addon>}
        </Space.Compact>
      );
    }
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          {...aria}
          value={value as string}
          onChange={(e) => change(e.target.value)}
          rows={field.rows ?? 4}
          maxLength={rules.maxLength}
          showCount={(field.showCount ?? true) && rules.maxLength !== undefined}
          placeholder={placeholder}
          readOnly={readOnly}
          disabled={disabled}
        />
      );
    case 'password':
      return (
        <Input.Password
          id={id}
          {...aria}
          value={value as string}
          onChange={(e) => change(e.target.value)}
          maxLength={rules.maxLength}
          showCount={field.showCount && rules.maxLength !== undefined}
          placeholder={placeholder}
          prefix={formIconNode(field.prefixIcon)}
          suffix={formIconNode(field.suffixIcon)}
          readOnly={readOnly}
          disabled={disabled}
          autoComplete="new-password"
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          {...aria}
          value={value as number}
          onChange={(v) => change(v)}
          min={rules.min}
          max={rules.max}
          step={field.step ?? 1}
          precision={field.precision}
          placeholder={placeholder}
          readOnly={readOnly}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      );
    case 'richText':
      return (
        <Suspense
          fallback={
            <Spin description={t('crud.editorLoading')}>
              <div style={{ height: field.height ?? 300 }} />
            </Spin>
          }
        >
          <RichTextEditor id={id} label={formTextIn(field.label, lang)} {...aria} value={value} onChange={(v) => change(v)} />
        </Suspense>
      );
    case 'switch': {
      const on = field.activeValue ?? true;
      const off = field.inactiveValue ?? false;
      return (
        <Switch
          id={id}
          {...aria}
          checked={value === on || (value !== undefined && value !== null && String(value) === String(on))}
          onChange={(checked) => change(checked ? on : off)}
          checkedChildren={field.activeText ? formTextIn(field.activeText, lang) : undefined}
          unCheckedChildren={field.inactiveText ? formTextIn(field.inactiveText, lang) : undefined}
          disabled={disabled || readOnly}
        />
      );
    }
    case 'slider': {
      const min = rules.min ?? 0;
      const max = rules.max ?? 100;
      const common = { id, min, max, step: field.step ?? 1, dots: !!field.showStops, disabled: disabled || readOnly };
      return field.range ? (
        <Slider {...common} range value={Array.isArray(value) ? (value as [number, number]) : [min, min]} onChange={(v) => change(v)} />
      ) : (
        <Slider {...common} value={typeof value === 'number' ? value : min} onChange={(v) => change(v)} />
      );
    }
    case 'time':
      return <TimeInput id={id} value={value} onChange={change} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />;
    case 'timeRange':
      return (
        <TimeRangeInput
          id={id}
          value={value}
          onChange={change}
          format={field.format}
          placeholders={[formTextIn(field.startPlaceholder, lang) || t('forms.startTime'), formTextIn(field.endPlaceholder, lang) || t('forms.endTime')]}
          disabled={disabled || readOnly}
        />
      );
    case 'date':
      return (
        <DateInput id={id} value={value} onChange={change} type={field.type} format={field.format} placeholder={placeholder} disabled={disabled || readOnly} />
      );
    case 'dateRange':
      return (
        <DateRangeInput
          id={id}
          value={value}
          onChange={change}
          type={field.type}
          format={field.format}
          placeholders={[formTextIn(field.startPlaceholder, lang) || t('forms.startDate'), formTextIn(field.endPlaceholder, lang) || t('forms.endDate')]}
          disabled={disabled || readOnly}
        />
      );
    case 'rate': {
      const score = typeof value === 'number' ? value : Number(value) || 0;
      const count = field.count ?? 5;
      let aside: ReactNode = null;
      // the five texts of SPEC.md's designer; other star counts show the score instead
      if (field.showText && score > 0) aside = count === 5 ? t(RATE_TEXTS[Math.ceil(score) - 1]!) : t('forms.score', { score });
      else if (field.showScore) aside = t('forms.score', { score });
      return (
        <Space>
          <Rate id={id} value={score} count={count} allowHalf={!!field.allowHalf} onChange={(v) => change(v)} disabled={disabled || readOnly} />
          {aside !== null && <Typography.Text data-testid="rate-text">{aside}</Typography.Text>}
        </Space>
      );
    }
    case 'color': {
      const format = field.format ?? 'hex';
      return (
        <ColorPicker
          value={typeof value === 'string' && value ? value : undefined}
          format={format}
          // an empty picker holds a transparent colour: alpha is locked once there is one
          disabledAlpha={!field.alpha && typeof value === 'string' && value !== ''}
          allowClear
          showText
          onChange={(color) => change(format === 'rgb' ? color.toRgbString() : format === 'hsb' ? color.toHsbString() : color.toHexString())}
          onClear={() => change(null)}
          disabled={disabled || readOnly}
        />
      );
    }
    case 'upload':
      return <UploadInput id={id} field={field} value={value} onChange={change} />;
    default:
      return null;
  }
}

const pathOf = (tree: OptionItem[], leaf: unknown) =>
  leaf === null || leaf === undefined || leaf === '' ? [] : (findOptionPath(tree, leaf) ?? [leaf as string | number]);

function OptionInput(props: FieldInputProps & { field: OptionField }) {
  const { field, value, onChange, id, disabled, dependValue, disabledId } = props;
  const aria = ariaOf(props);
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const options = useFieldOptions(field.options, lang, dependValue, disabledId);
  const placeholder = field.placeholder ? formTextIn(field.placeholder, lang) : undefined;
  const off = disabled || !!field.readonly;
  const change = (v: unknown) => onChange?.(v);
  const status = options.failed ? 'error' : undefined;
  const failed = options.failed ? <Typography.Text type="danger">{t('forms.optionsFailed')}</Typography.Text> : null;
  switch (field.kind) {
    case 'select':
      return (
        <>
          <Select
            id={id}
            {...aria}
            value={value}
            onChange={change}
            options={options.items}
            mode={field.multiple ? 'multiple' : undefined}
            allowClear
            showSearch={field.filterable || !Array.isArray(field.options) ? { optionFilterProp: 'label' } : undefined}
            loading={options.loading}
            disabled={off || options.waiting}
            placeholder={placeholder}
            status={status}
          />
          {failed}
        </>
      );
    case 'radio':
      return (
        <>
          {field.button ? (
            <Radio.Group
              id={id}
              value={value}
              onChange={(e) => change(e.target.value)}
              options={options.items}
              optionType="button"
              buttonStyle="solid"
              disabled={off}
            />
          ) : (
            <Radio.Group id={id} value={value} onChange={(e) => change(e.target.value)} options={options.items} disabled={off} />
          )}
          {failed}
        </>
      );
    case 'checkbox':
      return (
        <>
          <Checkbox.Group
            value={(Array.isArray(value) ? value : []) as (string | number)[]}
            onChange={(v) => change(v)}
            options={options.items}
            disabled={off}
          />
          {failed}
        </>
      );
    case 'cascader': {
      // emitPath false: the value is the chosen option itself; the cascader still shows its path
      const leafOnly = field.emitPath === false;
      if (field.multiple) {
        const list = Array.isArray(value) ? value : [];
        const paths = leafOnly ? list.map((v) => pathOf(options.items, v)) : list;
        return (
          <>
            <Cascader
              id={id}
              {...aria}
              multiple
              value={paths as (string | number)[][]}
              onChange={(v) => change(leafOnly ? (v ?? []).map((p) => p[p.length - 1]) : (v ?? []))}
              options={options.items}
              showSearch
              disabled={off}
              placeholder={placeholder}
              status={status}
            />
            {failed}
          </>
        );
      }
      const path = leafOnly ? pathOf(options.items, value) : Array.isArray(value) ? value : [];
      return (
        <>
          <Cascader
            id={id}
            {...aria}
            value={path as (string | number)[]}
            onChange={(v) => change(leafOnly ? (v && v.length ? v[v.length - 1] : null) : (v ?? []))}
            options={options.items}
            changeOnSelect={!!field.changeOnSelect}
            allowClear
            showSearch
            disabled={off}
            placeholder={placeholder}
            status={status}
          />
          {failed}
        </>
      );
    }
  }
}
