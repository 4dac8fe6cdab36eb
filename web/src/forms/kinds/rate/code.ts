import type { FormFieldOf } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';
import { lit, rateTexts } from '../codeTexts.ts';

const rateCode: WebKindCode<FormFieldOf<'rate'>> = {
  kind: 'rate',
  valueType: () => 'number',
  source(field, ctx, { off }) {
    ctx.antd.add('Rate');
    return {
      itemProps: '',
      control: `<Rate count={${field.count ?? 5}}${attr('allowHalf', !!field.allowHalf)}${field.showText && (field.count ?? 5) === 5 ? ` tooltips={${lit(rateTexts(ctx.lang))}}` : ''}${off} />`,
    };
  },
};
export default rateCode;

declare module '../code.ts' {
  interface WebKindCodes {
    rate: typeof rateCode;
  }
}
