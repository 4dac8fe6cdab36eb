import { FORM_DATE_RANGE_TYPES, type FormDateRangeType, type FormText } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { isBlankEnd, rangeShape, readDateFormat, readRangePlaceholders } from './shared.ts';
import { v1RangePlaceholders } from './v1.ts';
import { isV1DateRange, v1DateTypeAndFormat } from './date.ts';

export interface FormDateRangeField extends FormValueBase {
  kind: 'dateRange';
  type?: FormDateRangeType;
  format?: string;
  startPlaceholder?: FormText;
  endPlaceholder?: FormText;
}

/** A range of dates, months or dates and times [start, end]. */
export const dateRangeKind: ValueKindDescriptor<FormDateRangeField> = {
  kind: 'dateRange',
  title: { zh: '日期范围', en: 'Date range' },
  layout: false,
  keys: ['type', 'format', 'startPlaceholder', 'endPlaceholder'],
  read(c) {
    readDateFormat(c);
    c.put('type', c.r.oneOf('type', FORM_DATE_RANGE_TYPES));
    readRangePlaceholders(c);
  },
  v1: {
    matches: (c) => c.tag === 'el-date-picker' && isV1DateRange(c),
    read(c) {
      v1DateTypeAndFormat(c, FORM_DATE_RANGE_TYPES);
      v1RangePlaceholders(c);
    },
  },
  message: 'select',
  rules: [],
  isEmpty: (_field, value) => Array.isArray(value) && value.some(isBlankEnd),
  shape: (_field, value) => rangeShape(value),
  column: () => ({ type: 'nvarchar', length: 100 }),
  listValued: () => true,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    dateRange: typeof dateRangeKind;
  }
}
