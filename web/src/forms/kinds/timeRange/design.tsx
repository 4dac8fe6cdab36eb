import { CarryOutOutlined } from '@ant-design/icons';
import { FORM_TIME_FORMAT, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';

const timeRangeDesign: WebKindDesign<FormFieldOf<'timeRange'>> = {
  kind: 'timeRange',
  group: 'select',
  rank: 80,
  icon: <CarryOutOutlined />,
  newField: (base) => ({ ...base, kind: 'timeRange', format: FORM_TIME_FORMAT, rules: { required: true } }),
  shape: 'list',
  panel: (field, kit) => [formatRow(field, kit), kit.text('startPlaceholder'), kit.text('endPlaceholder')],
};
export default timeRangeDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    timeRange: typeof timeRangeDesign;
  }
}
