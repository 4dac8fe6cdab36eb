import { FORM_TIME_FORMAT, type FormTimeField } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';
import { lit } from '../codeTexts.ts';

export const timeCode: WebKindCode<FormTimeField> = {
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
