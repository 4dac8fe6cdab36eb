import { FileTextOutlined } from '@ant-design/icons';
import type { FormTextareaField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';

export const textareaDesign: WebKindDesign<FormTextareaField> = {
  kind: 'textarea',
  group: 'input',
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
