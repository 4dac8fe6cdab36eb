import { CheckSquareOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

const checkboxDesign: WebKindDesign<FormFieldOf<'checkbox'>> = {
  kind: 'checkbox',
  group: 'select',
  rank: 40,
  icon: <CheckSquareOutlined />,
  newField: (base) => ({ ...base, kind: 'checkbox', options: defaultOptions(), defaultValue: [], rules: { required: true } }),
  shape: 'list',
  panel: (_field, { bool, ruleNum }) => [bool('border'), ruleNum('min', 0), ruleNum('max', 0)],
};
export default checkboxDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    checkbox: typeof checkboxDesign;
  }
}
