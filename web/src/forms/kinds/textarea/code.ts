import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';

const textareaCode: WebKindCode<FormFieldOf<'textarea'>> = {
  kind: 'textarea',
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur }) {
    ctx.antd.add('Input');
    return {
      itemProps: onBlur,
      control: `<Input.TextArea rows={${field.rows ?? 4}}${placeholder}${attr('maxLength', rules.maxLength)}${attr('showCount', (field.showCount ?? true) && rules.maxLength !== undefined)}${readOnly}${disabled} />`,
    };
  },
};
export default textareaCode;

declare module '../code.ts' {
  interface WebKindCodes {
    textarea: typeof textareaCode;
  }
}
