import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FORM_BUTTON_TYPES, formTextIn, type FormFieldOf } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';

const buttonDesign: WebKindDesign<FormFieldOf<'button'>> = {
  kind: 'button',
  group: 'layout',
  rank: 20,
  icon: <AppstoreAddOutlined />,
  newField: (base) => ({ ...base, label: { zh: '' }, kind: 'button', text: defaultText('button'), buttonType: 'primary', action: 'none' }),
  canvasText: (field, lang) => [formTextIn(field.text, lang)],
  canvas: (field, lang) => (
    <Button type={field.buttonType === 'primary' ? 'primary' : 'default'} icon={formIconNode(field.icon)}>
      {formTextIn(field.text, lang)}
    </Button>
  ),
  panel: (_field, { text, icon, choice, bool, t }) => [
    text('text'),
    icon('icon'),
    choice('buttonType', FORM_BUTTON_TYPES),
    choice('size', ['large', 'middle', 'small'] as const, t('designer.props.buttonSize'), (v) => t(`designer.form.${v}`)),
    choice('action', ['none', 'submit', 'reset'] as const, t('designer.props.action'), (v) => t(`designer.props.${v}`)),
    bool('disabled'),
  ],
};
export default buttonDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    button: typeof buttonDesign;
  }
}
