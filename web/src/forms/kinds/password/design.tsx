import { KeyOutlined } from '@ant-design/icons';
import type { FormPasswordField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const passwordDesign: WebKindDesign<FormPasswordField> = {
  kind: 'password',
  group: 'input',
  icon: <KeyOutlined />,
  newField: (base) => ({ ...base, kind: 'password', rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  textRules: true,
  canvasText: (field) => {
    const max = field.rules?.maxLength;
    return field.showCount && max !== undefined ? [`${String(field.defaultValue ?? '').length} / ${max}`] : [];
  },
  panel: (_field, { icon, bool, ruleNum }) => [icon('prefixIcon'), icon('suffixIcon'), bool('showCount'), ruleNum('minLength', 0), ruleNum('maxLength', 1)],
};
