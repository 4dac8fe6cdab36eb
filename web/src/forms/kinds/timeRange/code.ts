import { FORM_TIME_FORMAT, type FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

const timeRangeCode: WebKindCode<FormFieldOf<'timeRange'>> = {
  kind: 'timeRange',
  valueType: () => 'string[]',
  source(field, ctx, { off, width }) {
    const format = field.format ?? FORM_TIME_FORMAT;
    ctx.helpers.add('range');
    ctx.antd.add('TimePicker');
    const holders = [textOf(field.startPlaceholder, ctx.lang), textOf(field.endPlaceholder, ctx.lang)];
    return {
      itemProps: ` {...rangeItemProps(${lit(format)})}`,
      control: `<TimePicker.RangePicker format=${lit(format)}${holders.some(Boolean) ? ` placeholder={${lit(holders)}}` : ''}${off}${width} />`,
    };
  },
};
export default timeRangeCode;

declare module '../code.ts' {
  interface WebKindCodes {
    timeRange: typeof timeRangeCode;
  }
}
