import { DownSquareOutlined } from '@ant-design/icons';
import type { FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

const selectDesign: WebKindDesign<FormFieldOf<'select'>> = {
  kind: 'select',
  group: 'select',
  rank: 10,
  icon: <DownSquareOutlined />,
  newField: (base) => ({ ...base, kind: 'select', options: defaultOptions(), rules: { required: true } }),
  placeholder: true,
  panel: (field, { bool, ruleNum }) => [bool('multiple'), bool('filterable'), ...(field.multiple ? [ruleNum('min', 0), ruleNum('max', 0)] : [])],
};
export default selectDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    select: typeof selectDesign;
  }
}
