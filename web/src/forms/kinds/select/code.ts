import type { FormFieldOf } from '@qb/contracts';
import { optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

const selectCode: WebKindCode<FormFieldOf<'select'>> = {
  kind: 'select',
  valueType: (field) => (field.multiple ? `(${SCALAR})[]` : SCALAR),
  list: (field) => !!field.multiple,
  source(field, ctx, { placeholder, off }) {
    ctx.antd.add('Select');
    return {
      itemProps: '',
      control: `<Select options={${optionsExpr(field, ctx)}}${field.multiple ? ' mode="multiple"' : ''} allowClear${field.filterable || !Array.isArray(field.options) ? ' showSearch={{ optionFilterProp: "label" }}' : ''}${placeholder}${off} />`,
    };
  },
};
export default selectCode;

declare module '../code.ts' {
  interface WebKindCodes {
    select: typeof selectCode;
  }
}
