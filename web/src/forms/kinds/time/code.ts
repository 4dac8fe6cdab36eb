import { FORM_TIME_FORMAT, type FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

const timeCode: WebKindCode<FormFieldOf<'time'>> = {
  kind: 'time',
  source(field, ctx, { placeholder, off, width }) {
    const format = field.format ?? FORM_TIME_FORMAT;
    ctx.helpers.add('date');
    ctx.antd.add('TimePicker');
    return {
      itemProps: ` {...dateItemProps(${lit(format)})}`,
      control: `<TimePicker format=${lit(format)}${placeholder}${off}${width} />`,
    };
  },
};
export default timeCode;

declare module '../code.ts' {
  interface WebKindCodes {
    time: typeof timeCode;
  }
}
