import { InputNumber } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function NumberInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules }: KindInputProps<FormFieldOf<'number'>>) {
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

const numberKind: WebKindDescriptor<FormFieldOf<'number'>> = { kind: 'number', Input: NumberInput };
export default numberKind;

declare module '../index.ts' {
  interface WebKindInputs {
    number: typeof numberKind;
  }
}
