import type { FormFieldOf } from '@qb/contracts';
import { optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

const radioCode: WebKindCode<FormFieldOf<'radio'>> = {
  kind: 'radio',
  valueType: () => SCALAR,
  source(field, ctx, { off }) {
    ctx.antd.add('Radio');
    return {
      itemProps: '',
      control: `<Radio.Group options={${optionsExpr(field, ctx)}}${field.button ? ' optionType="button" buttonStyle="solid"' : ''}${off} />`,
    };
  },
};
export default radioCode;

declare module '../code.ts' {
  interface WebKindCodes {
    radio: typeof radioCode;
  }
}
