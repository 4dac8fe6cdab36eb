import type { FormFieldOf } from '@qb/contracts';
import { attr, iconAttrs, type WebKindCode } from '../codeShared.ts';
import { textOf } from '../codeTexts.ts';

const textCode: WebKindCode<FormFieldOf<'text'>> = {
  kind: 'text',
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur }) {
    ctx.antd.add('Input');
    const addons = `${attr('addonBefore', textOf(field.prepend, ctx.lang) || undefined)}${attr('addonAfter', textOf(field.append, ctx.lang) || undefined)}`;
    return {
      itemProps: onBlur,
      control: `<Input${placeholder}${attr('maxLength', rules.maxLength)}${attr('showCount', !!field.showCount && rules.maxLength !== undefined)}${attr('allowClear', field.clearable ?? true)}${addons}${iconAttrs(field, ctx)}${readOnly}${disabled} />`,
    };
  },
};
export default textCode;

declare module '../code.ts' {
  interface WebKindCodes {
    text: typeof textCode;
  }
}
