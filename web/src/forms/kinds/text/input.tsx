import { Input, Space } from 'antd';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function TextInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules, lang }: KindInputProps<FormFieldOf<'text'>>) {
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

const textKind: WebKindDescriptor<FormFieldOf<'text'>> = { kind: 'text', Input: TextInput };
export default textKind;

declare module '../index.ts' {
  interface WebKindInputs {
    text: typeof textKind;
  }
}
