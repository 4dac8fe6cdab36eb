import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';

const numberCode: WebKindCode<FormFieldOf<'number'>> = {
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
export default numberCode;

declare module '../code.ts' {
  interface WebKindCodes {
    number: typeof numberCode;
  }
}
