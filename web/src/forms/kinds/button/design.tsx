import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FORM_BUTTON_TYPES, formTextIn, type FormButtonField } from '@qb/contracts';
import { formIconNode } from '../../formIcons.tsx';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';

export const buttonDesign: WebKindDesign<FormButtonField> = {
  kind: 'button',
  group: 'layout',
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
