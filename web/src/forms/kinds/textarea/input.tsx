import { Input } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TextareaInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules }: KindInputProps<FormFieldOf<'textarea'>>) {
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
}

const textareaKind: WebKindDescriptor<FormFieldOf<'textarea'>> = { kind: 'textarea', Input: TextareaInput };
export default textareaKind;

declare module '../index.ts' {
  interface WebKindInputs {
    textarea: typeof textareaKind;
  }
}
