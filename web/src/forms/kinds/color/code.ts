import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

const colorCode: WebKindCode<FormFieldOf<'color'>> = {
  kind: 'color',
  source(field, ctx, { off }) {
    ctx.antd.add('ColorPicker');
    const format = field.format ?? 'hex';
    const method = format === 'rgb' ? 'toRgbString' : format === 'hsb' ? 'toHsbString' : 'toHexString';
    return {
      itemProps: ` getValueFromEvent={(color: { ${method}(): string }) => color.${method}()}`,
      control: `<ColorPicker format=${lit(format)}${attr('disabledAlpha', !field.alpha)} showText${off} />`,
    };
  },
};
export default colorCode;

declare module '../code.ts' {
  interface WebKindCodes {
    color: typeof colorCode;
  }
}
