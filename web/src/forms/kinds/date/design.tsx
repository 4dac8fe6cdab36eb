import { CalendarOutlined } from '@ant-design/icons';
import { FORM_DATE_FORMATS, FORM_DATE_TYPES, type FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from '../descriptor.ts';
import { formatRow } from '../designShared.tsx';
import { patchedDateType } from '../dateShared.ts';

const dateDesign: WebKindDesign<FormFieldOf<'date'>> = {
  kind: 'date',
  group: 'select',
  rank: 90,
  icon: <CalendarOutlined />,
  newField: (base) => ({ ...base, kind: 'date', type: 'date', format: FORM_DATE_FORMATS.date, rules: { required: true } }),
  placeholder: true,
  shape: 'text',
  patched: patchedDateType,
  panel: (field, kit) => [
    kit.choice('type', FORM_DATE_TYPES, kit.t('designer.props.dateType'), (v) => kit.t(`designer.dateTypes.${v}`)),
    formatRow(field, kit),
  ],
};
export default dateDesign;

declare module '../design.ts' {
  interface WebKindDesigns {
    date: typeof dateDesign;
  }
}
