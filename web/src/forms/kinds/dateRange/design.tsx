import { ScheduleOutlined } from '@ant-design/icons';
import { FORM_DATE_FORMATS, FORM_DATE_RANGE_TYPES, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';
import { patchedDateType } from '../dateShared.ts';

const dateRangeDesign: WebKindDesign<FormFieldOf<'dateRange'>> = {
  kind: 'dateRange',
  group: 'select',
  rank: 100,
  icon: <ScheduleOutlined />,
  newField: (base) => ({ ...base, kind: 'dateRange', type: 'date', format: FORM_DATE_FORMATS.date, rules: { required: true } }),
  shape: 'list',
  patched: patchedDateType,
  panel: (field, kit) => [
    kit.choice('type', FORM_DATE_RANGE_TYPES, kit.t('designer.props.dateType'), (v) => kit.t(`designer.dateTypes.${v}`)),
    formatRow(field, kit),
    kit.text('startPlaceholder'),
    kit.text('endPlaceholder'),
  ],
};
export default dateRangeDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    dateRange: typeof dateRangeDesign;
  }
}
