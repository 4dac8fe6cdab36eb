import { AppstoreAddOutlined } from '@ant-design/icons';
import { FORM_BUTTON_TYPES, type FormButtonField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultText } from '../designShared.tsx';

export const buttonDesign: WebKindDesign<FormButtonField> = {
  kind: 'button',
  group: 'layout',
  icon: <AppstoreAddOutlined />,
  newField: (base) => ({ ...base, label: { zh: '' }, kind: 'button', text: defaultText('button'), buttonType: 'primary', action: 'none' }),
  panel: (_field, { text, icon, choice, bool, t }) => [
    text('text'),
    icon('icon'),
    choice('buttonType', FORM_BUTTON_TYPES),
    choice('size', ['large', 'middle', 'small'] as const, t('designer.props.buttonSize'), (v) => t(`designer.form.${v}`)),
    choice('action', ['none', 'submit', 'reset'] as const, t('designer.props.action'), (v) => t(`designer.props.${v}`)),
    bool('disabled'),
  ],
};
