import type { FormRateField } from '@qb/contracts';
import { attr, type WebKindCode } from '../codeShared.ts';
import { lit, rateTexts } from '../codeTexts.ts';

export const rateCode: WebKindCode<FormRateField> = {
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
