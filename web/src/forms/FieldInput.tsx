import type { ComponentType } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { formTextIn, type FormValueField } from '@qb/contracts';
import { WEB_KIND_DESCRIPTORS, type KindInputProps } from './kinds/index.ts';
// the upload box and editor styles live with the crud controls they belong to
import './forms.css';

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

/** One control by kind (its kinds/<kind>/input.tsx); values are plain JSON (texts for dates and colours, paths for uploads), as the server stores them. */
export function FieldInput(props: FieldInputProps) {
  const control = <KindControl {...props} />;
  // the form item hands value, onChange and id to this component; disabling reaches every antd part inside
  return props.disabled ? <ConfigProvider componentDisabled>{control}</ConfigProvider> : control;
}

function KindControl(props: FieldInputProps) {
  const { field, value, onChange, id, disabled, dependValue, disabledId } = props;
  const { t, i18n } = useTranslation();
  const Input = WEB_KIND_DESCRIPTORS[field.kind].Input as ComponentType<KindInputProps<FormValueField>> | undefined;
  if (!Input) return null;
  const lang = i18n.language;
  return (
    <Input
      field={field}
      value={value}
      change={(v) => onChange?.(v)}
      id={id}
      disabled={disabled}
      aria={ariaOf(props)}
      placeholder={field.placeholder ? formTextIn(field.placeholder, lang) : undefined}
      readOnly={!!field.readonly}
      rules={field.rules ?? {}}
      lang={lang}
      t={t}
      dependValue={dependValue}
      disabledId={disabledId}
    />
  );
}
