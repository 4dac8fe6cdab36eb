import type { FormTextareaField } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';

export const textareaCode: WebKindCode<FormTextareaField> = {
  kind: 'textarea',
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur }) {
    ctx.antd.add('Input');
    return {
      itemProps: onBlur,
      control: `<Input.TextArea rows={${field.rows ?? 4}}${placeholder}${attr('maxLength', rules.maxLength)}${attr('showCount', (field.showCount ?? true) && rules.maxLength !== undefined)}${readOnly}${disabled} />`,
    };
  },
};
