import { CarryOutOutlined } from '@ant-design/icons';
import { FORM_TIME_FORMAT, type FormTimeRangeField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';

export const timeRangeDesign: WebKindDesign<FormTimeRangeField> = {
  kind: 'timeRange',
  group: 'select',
  icon: <CarryOutOutlined />,
  newField: (base) => ({ ...base, kind: 'timeRange', format: FORM_TIME_FORMAT, rules: { required: true } }),
  shape: 'list',
  panel: (field, kit) => [formatRow(field, kit), kit.text('startPlaceholder'), kit.text('endPlaceholder')],
};
