import { FileTextOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

const textareaDesign: WebKindDesign<FormFieldOf<'textarea'>> = {
  kind: 'textarea',
  group: 'input',
  rank: 20,
  icon: <FileTextOutlined />,
  newField: (base) => ({ ...base, kind: 'textarea', rows: 4, rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  textRules: true,
  canvasText: (field) => {
    const max = field.rules?.maxLength;
    return (field.showCount ?? true) && max !== undefined ? [`${String(field.defaultValue ?? '').length} / ${max}`] : [];
  },
  panel: (_field, { num, bool, ruleNum }) => [num('rows', 1), bool('showCount'), ruleNum('minLength', 0), ruleNum('maxLength', 1)],
};
export default textareaDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    textarea: typeof textareaDesign;
  }
}
