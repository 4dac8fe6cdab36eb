import type { FormColorField } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

export const colorCode: WebKindCode<FormColorField> = {
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
