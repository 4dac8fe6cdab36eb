import type { FormText } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { isBlankEnd, rangeShape, readDateFormat, readRangePlaceholders } from './shared.ts';
import { v1RangePlaceholders } from './v1.ts';
import { isV1TimeRange, v1TimeFormat } from './time.ts';

export interface FormTimeRangeField extends FormValueBase {
  kind: 'timeRange';
  format?: string;
  startPlaceholder?: FormText;
  endPlaceholder?: FormText;
}

/** A range of times [start, end]. */
export const timeRangeKind: ValueKindDescriptor<FormTimeRangeField> = {
  kind: 'timeRange',
  title: { zh: '时间范围', en: 'Time range' },
  layout: false,
  keys: ['format', 'startPlaceholder', 'endPlaceholder'],
  read(c) {
    readDateFormat(c);
    readRangePlaceholders(c);
  },
  v1: {
    matches: (c) => c.tag === 'el-time-picker' && isV1TimeRange(c),
    read(c) {
      v1TimeFormat(c);
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
    timeRange: typeof timeRangeKind;
  }
}
