import { Switch } from 'antd';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function SwitchInput({ field, value, change, id, disabled, aria, readOnly, lang }: KindInputProps<FormFieldOf<'switch'>>) {
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

const switchKind: WebKindDescriptor<FormFieldOf<'switch'>> = { kind: 'switch', Input: SwitchInput };
export default switchKind;

declare module '../index.ts' {
  interface WebKindInputs {
    switch: typeof switchKind;
  }
}
