import { FORM_DATE_FORMATS, type FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

const dateRangeCode: WebKindCode<FormFieldOf<'dateRange'>> = {
  kind: 'dateRange',
  valueType: () => 'string[]',
  source(field, ctx, { off, width }) {
    ctx.helpers.add('range');
    ctx.antd.add('DatePicker');
    const type = field.type ?? 'date';
    const format = field.format ?? FORM_DATE_FORMATS[type];
    const holders = [textOf(field.startPlaceholder, ctx.lang), textOf(field.endPlaceholder, ctx.lang)];
    return {
      itemProps: ` {...rangeItemProps(${lit(format)})}`,
      control: `<DatePicker.RangePicker${type === 'month' ? ' picker="month"' : ''}${type === 'datetime' ? ' showTime' : ''} format=${lit(format)}${holders.some(Boolean) ? ` placeholder={${lit(holders)}}` : ''}${off}${width} />`,
    };
  },
};
export default dateRangeCode;

declare module '../code.ts' {
  interface WebKindCodes {
    dateRange: typeof dateRangeCode;
  }
}
