import { Input } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function PasswordInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules }: KindInputProps<FormFieldOf<'password'>>) {
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
}

const passwordKind: WebKindDescriptor<FormFieldOf<'password'>> = { kind: 'password', Input: PasswordInput };
export default passwordKind;

declare module '../index.ts' {
  interface WebKindInputs {
    password: typeof passwordKind;
  }
}
