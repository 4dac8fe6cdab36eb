import { KeyOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const passwordDesign: WebKindDesign<FormFieldOf<'password'>> = {
  kind: 'password',
  group: 'input',
  rank: 30,
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
export default passwordDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    password: typeof passwordDesign;
  }
}
