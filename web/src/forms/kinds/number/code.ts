import type { FormNumberField } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';

export const numberCode: WebKindCode<FormNumberField> = {
  kind: 'number',
  valueType: () => 'number',
  requiredType: 'number',
  numberRule: true,
  source(field, ctx, { placeholder, rules, readOnly, disabled, onBlur, width }) {
    ctx.antd.add('InputNumber');
    return {
      itemProps: onBlur,
      control: `<InputNumber${attr('min', rules.min)}${attr('max', rules.max)} step={${field.step ?? 1}}${attr('precision', field.precision)}${placeholder}${readOnly}${disabled}${width} />`,
    };
  },
};
