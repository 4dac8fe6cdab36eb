import { FontSizeOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const textDesign: WebKindDesign<FormFieldOf<'text'>> = {
  kind: 'text',
  group: 'input',
  rank: 10,
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
export default textDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    text: typeof textDesign;
  }
}
