import { InputNumber } from 'antd';
import type { FormNumberField } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function NumberInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules }: KindInputProps<FormNumberField>) {
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
}

export const numberKind: WebKindDescriptor<FormNumberField> = { kind: 'number', Input: NumberInput };
