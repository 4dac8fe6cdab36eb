import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

const switchCode: WebKindCode<FormFieldOf<'switch'>> = {
  kind: 'switch',
  valueType(field) {
    const types = new Set([typeof (field.activeValue ?? true), typeof (field.inactiveValue ?? false)]);
    return [...types].join(' | ');
  },
  source(field, ctx, { off }) {
    ctx.antd.add('Switch');
    const on = lit(field.activeValue ?? true);
    const offValue = lit(field.inactiveValue ?? false);
    return {
      itemProps: ` getValueProps={(value: unknown) => ({ checked: value === ${on} })} getValueFromEvent={(checked: boolean) => (checked ? ${on} : ${offValue})}`,
      control: `<Switch${attr('checkedChildren', textOf(field.activeText, ctx.lang) || undefined)}${attr('unCheckedChildren', textOf(field.inactiveText, ctx.lang) || undefined)}${off} />`,
    };
  },
};
export default switchCode;

declare module '../code.ts' {
  interface WebKindCodes {
    switch: typeof switchCode;
  }
}
