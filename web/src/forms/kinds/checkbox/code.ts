import type { FormFieldOf } from '@qb/contracts';
import { optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

const checkboxCode: WebKindCode<FormFieldOf<'checkbox'>> = {
  kind: 'checkbox',
  valueType: () => `(${SCALAR})[]`,
  list: () => true,
  source(field, ctx, { off }) {
    ctx.antd.add('Checkbox');
    return { itemProps: '', control: `<Checkbox.Group options={${optionsExpr(field, ctx)}}${off} />` };
  },
};
export default checkboxCode;

declare module '../code.ts' {
  interface WebKindCodes {
    checkbox: typeof checkboxCode;
  }
}
