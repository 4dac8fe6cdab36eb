import type { FormRadioField } from '@qb/contracts';
import { optionsExpr, type WebKindCode } from '../codeShared.ts';

const SCALAR = 'string | number';

export const radioCode: WebKindCode<FormRadioField> = {
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
