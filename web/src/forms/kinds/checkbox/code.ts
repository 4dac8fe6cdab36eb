import type { FormCheckboxField } from '@qb/contracts';
import { optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

export const checkboxCode: WebKindCode<FormCheckboxField> = {
  kind: 'checkbox',
  valueType: () => `(${SCALAR})[]`,
  list: () => true,
  source(field, ctx, { off }) {
    ctx.antd.add('Checkbox');
    return { itemProps: '', control: `<Checkbox.Group options={${optionsExpr(field, ctx)}}${off} />` };
  },
};
