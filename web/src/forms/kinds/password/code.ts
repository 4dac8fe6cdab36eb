import type { FormPasswordField } from '@qb/contracts';
import { attr, iconAttrs, type WebKindCode } from '../codeShared.ts';

export const passwordCode: WebKindCode<FormPasswordField> = {
  kind: 'password',
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur }) {
    ctx.antd.add('Input');
    return {
      itemProps: onBlur,
      control: `<Input.Password autoComplete="new-password"${placeholder}${attr('maxLength', rules.maxLength)}${iconAttrs(field, ctx)}${readOnly}${disabled} />`,
    };
  },
};
