import { FORM_TIME_FORMAT, type FormTimeRangeField } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

export const timeRangeCode: WebKindCode<FormTimeRangeField> = {
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
