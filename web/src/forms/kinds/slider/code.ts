import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';

const sliderCode: WebKindCode<FormFieldOf<'slider'>> = {
  kind: 'slider',
  valueType: (field) => (field.range ? 'number[]' : 'number'),
  list: (field) => !!field.range,
  source(field, ctx, { rules, off }) {
    ctx.antd.add('Slider');
    return {
      itemProps: '',
      control: `<Slider min={${rules.min ?? 0}} max={${rules.max ?? 100}} step={${field.step ?? 1}}${attr('range', !!field.range)}${attr('dots', !!field.showStops)}${off} />`,
    };
  },
};
export default sliderCode;

declare module '../code.ts' {
  interface WebKindCodes {
    slider: typeof sliderCode;
  }
}
