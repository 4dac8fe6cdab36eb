import { ClockCircleOutlined } from '@ant-design/icons';
import { FORM_TIME_FORMAT, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';

const timeDesign: WebKindDesign<FormFieldOf<'time'>> = {
  kind: 'time',
  group: 'select',
  rank: 70,
  icon: <ClockCircleOutlined />,
  newField: (base) => ({ ...base, kind: 'time', format: FORM_TIME_FORMAT, rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  panel: (field, kit) => [formatRow(field, kit)],
};
export default timeDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    time: typeof timeDesign;
  }
}
