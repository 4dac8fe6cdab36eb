import type { FormFieldOf } from '@qb/contracts';
import { attr, optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

const cascaderCode: WebKindCode<FormFieldOf<'cascader'>> = {
  kind: 'cascader',
  valueType(field) {
    if (field.emitPath === false) return field.multiple ? `(${SCALAR})[]` : SCALAR;
    return field.multiple ? `(${SCALAR})[][]` : `(${SCALAR})[]`;
  },
  list: (field) => field.emitPath !== false || !!field.multiple,
  source(field, ctx, { placeholder, off, width }) {
    ctx.antd.add('Cascader');
    const options = optionsExpr(field, ctx);
    let itemProps = '';
    if (field.emitPath === false && !field.multiple) {
      ctx.helpers.add('findPath');
      itemProps = ` getValueProps={(value: unknown) => ({ value: value === undefined || value === null || value === "" ? undefined : (pathTo(${options}, value) ?? [value]) })} normalize={(path: unknown) => (Array.isArray(path) ? path[path.length - 1] : path)}`;
    }
    return {
      itemProps,
      control: `<Cascader options={${options}}${attr('multiple', !!field.multiple)}${attr('changeOnSelect', !!field.changeOnSelect)} allowClear${placeholder}${off}${width} />`,
    };
  },
};
export default cascaderCode;

declare module '../code.ts' {
  interface WebKindCodes {
    cascader: typeof cascaderCode;
  }
}
