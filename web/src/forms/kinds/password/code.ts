import type { FormFieldOf } from '@qb/contracts';
import { attr, iconAttrs, type WebKindCode } from '../codeShared.ts';

const passwordCode: WebKindCode<FormFieldOf<'password'>> = {
  kind: 'password',
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur }) {
    ctx.antd.add('Input');
    return {
      itemProps: onBlur,
      control: `<Input.Password autoComplete="new-password"${placeholder}${attr('maxLength', rules.maxLength)}${iconAttrs(field, ctx)}${readOnly}${disabled} />`,
    };
  },
};
export default passwordCode;

declare module '../code.ts' {
  interface WebKindCodes {
    password: typeof passwordCode;
  }
}
