import { Input } from 'antd';
import type { FormPasswordField } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function PasswordInput({ field, value, change, id, disabled, aria, placeholder, readOnly, rules }: KindInputProps<FormPasswordField>) {
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

export const passwordKind: WebKindDescriptor<FormPasswordField> = { kind: 'password', Input: PasswordInput };
