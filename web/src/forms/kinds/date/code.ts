import { FORM_DATE_FORMATS, type FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

const dateCode: WebKindCode<FormFieldOf<'date'>> = {
  kind: 'date',
  source(field, ctx, { placeholder, off, width }) {
    ctx.helpers.add('date');
    ctx.antd.add('DatePicker');
    const type = field.type ?? 'date';
    const format = field.format ?? FORM_DATE_FORMATS[type];
    const picker = type === 'week' || type === 'month' || type === 'year' ? ` picker="${type}"` : '';
    return {
      itemProps: ` {...dateItemProps(${lit(format)}${type === 'week' ? ', true' : ''})}`,
      control: `<DatePicker${picker}${type === 'datetime' ? ' showTime' : ''}${type === 'week' ? '' : ` format=${lit(format)}`}${placeholder}${off}${width} />`,
    };
  },
};
export default dateCode;

declare module '../code.ts' {
  interface WebKindCodes {
    date: typeof dateCode;
  }
}
