import { ClockCircleOutlined } from '@ant-design/icons';
import { FORM_TIME_FORMAT, type FormTimeField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';

export const timeDesign: WebKindDesign<FormTimeField> = {
  kind: 'time',
  group: 'select',
  icon: <ClockCircleOutlined />,
  newField: (base) => ({ ...base, kind: 'time', format: FORM_TIME_FORMAT, rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  panel: (field, kit) => [formatRow(field, kit)],
};
