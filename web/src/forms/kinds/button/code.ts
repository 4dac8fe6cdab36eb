import type { FormFieldOf } from '@qb/contracts';
import { iconAttr, type WebKindCode } from '../codeShared.ts';
import { lit, textOf } from '../codeTexts.ts';

const BUTTON_LOOKS: Record<string, string> = {
  default: '',
  primary: ' type="primary"',
  success: ' color="green" variant="solid"',
  warning: ' color="orange" variant="solid"',
  danger: ' type="primary" danger',
  info: ' color="default" variant="filled"',
  text: ' type="text"',
};

const buttonCode: WebKindCode<FormFieldOf<'button'>> = {
  kind: 'button',
  column(item, ctx, { span, labelAttr, labelCol, state }) {
    ctx.antd.add('Button');
    const htmlType = item.action === 'submit' ? ' htmlType="submit"' : item.action === 'reset' ? ' htmlType="reset"' : ' htmlType="button"';
    const disabled = ctx.linked ? ` disabled={${state}.disabled}` : item.disabled ? ' disabled' : '';
    return `<Col span={${span}}><Form.Item${labelAttr}${labelCol}><Button${BUTTON_LOOKS[item.buttonType ?? 'default']}${item.size ? ` size=${lit(item.size)}` : ''}${htmlType}${iconAttr('icon', item.icon, ctx)}${disabled}>{${lit(textOf(item.text, ctx.lang))}}</Button></Form.Item></Col>`;
  },
  disables: (item) => !!item.disabled,
};
export default buttonCode;

declare module '../code.ts' {
  interface WebKindCodes {
    button: typeof buttonCode;
  }
}
