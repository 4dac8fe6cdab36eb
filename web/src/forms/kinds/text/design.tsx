import { FontSizeOutlined } from '@ant-design/icons';
import type { FormTextField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const textDesign: WebKindDesign<FormTextField> = {
  kind: 'text',
  group: 'input',
  icon: <FontSizeOutlined />,
  newField: (base) => ({ ...base, kind: 'text', clearable: true, rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  textRules: true,
  canvasText: (field) => {
    const max = field.rules?.maxLength;
    return field.showCount && max !== undefined ? [`${String(field.defaultValue ?? '').length} / ${max}`] : [];
  },
  panel: (_field, { text, icon, bool, ruleNum }) => [
    text('prepend'),
    text('append'),
    icon('prefixIcon'),
    icon('suffixIcon'),
    bool('clearable'),
    bool('showCount'),
    ruleNum('minLength', 0),
    ruleNum('maxLength', 1),
  ],
};
