import { CheckSquareOutlined } from '@ant-design/icons';
import type { FormCheckboxField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

export const checkboxDesign: WebKindDesign<FormCheckboxField> = {
  kind: 'checkbox',
  group: 'select',
  icon: <CheckSquareOutlined />,
  newField: (base) => ({ ...base, kind: 'checkbox', options: defaultOptions(), defaultValue: [], rules: { required: true } }),
  shape: 'list',
  panel: (_field, { bool, ruleNum }) => [bool('border'), ruleNum('min', 0), ruleNum('max', 0)],
};
