import { DownSquareOutlined } from '@ant-design/icons';
import type { FormSelectField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { defaultOptions } from '../designShared.tsx';

export const selectDesign: WebKindDesign<FormSelectField> = {
  kind: 'select',
  group: 'select',
  icon: <DownSquareOutlined />,
  newField: (base) => ({ ...base, kind: 'select', options: defaultOptions(), rules: { required: true } }),
  placeholder: true,
  panel: (field, { bool, ruleNum }) => [bool('multiple'), bool('filterable'), ...(field.multiple ? [ruleNum('min', 0), ruleNum('max', 0)] : [])],
};
