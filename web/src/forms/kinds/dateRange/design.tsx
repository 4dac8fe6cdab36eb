import { ScheduleOutlined } from '@ant-design/icons';
import { FORM_DATE_FORMATS, FORM_DATE_RANGE_TYPES, type FormDateRangeField } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';
import { patchedDateType } from '../dateShared.ts';

export const dateRangeDesign: WebKindDesign<FormDateRangeField> = {
  kind: 'dateRange',
  group: 'select',
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
