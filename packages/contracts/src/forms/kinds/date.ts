import { FORM_DATE_FORMATS, FORM_DATE_TYPES, type FormDateType } from '../types.ts';
import { at, show } from '../parseReader.ts';
import type { FormValueBase, KindV1Context, ValueKindDescriptor } from './descriptor.ts';
import { readDateFormat, stringShape } from './shared.ts';
import { dayjsFormat } from './v1.ts';

export interface FormDateField extends FormValueBase {
  kind: 'date';
  type?: FormDateType;
  /** dayjs format of the value; default by type (see FORM_DATE_FORMATS) */
  format?: string;
}

/** el-date-picker type ...range: a date range. */
export const isV1DateRange = ({ item, icon }: KindV1Context) => (typeof item.type === 'string' && item.type.endsWith('range')) || icon === 'date-range';

/** The picker's type (one of `allowed`) and its format, unless the defaults. */
export function v1DateTypeAndFormat({ item, out, path, p }: KindV1Context, allowed: readonly string[]) {
  const t = typeof item.type === 'string' ? item.type.replace(/range$/, '') : 'date';
  const type = t === 'dates' ? 'date' : t;
  if (!allowed.includes(type)) p.add(at(path, 'type'), `date picker type ${show(item.type)} has no version 2 counterpart`);
  else if (type !== 'date') out.type = type;
  const format = dayjsFormat(item['value-format'] ?? item.format);
  const byType = FORM_DATE_FORMATS[(allowed.includes(type) ? type : 'date') as FormDateType];
  if (format && format !== byType) out.format = format;
}

/** A date, week, month, year or date and time (text in its format). */
export const dateKind: ValueKindDescriptor<FormDateField> = {
  kind: 'date',
  title: { zh: '日期选择', en: 'Date' },
  layout: false,
  keys: ['type', 'format'],
  read(c) {
    readDateFormat(c);
    c.put('type', c.r.oneOf('type', FORM_DATE_TYPES));
  },
  v1: {
    matches: (c) => c.tag === 'el-date-picker' && !isV1DateRange(c),
    read: (c) => v1DateTypeAndFormat(c, FORM_DATE_TYPES),
  },
  message: 'select',
  rules: [],
  shape: (_field, value) => stringShape(value),
  // a month or a year is not a date: kept as its text
  column: (field) => (field.type === 'month' || field.type === 'year' ? { type: 'nvarchar', length: 20 } : { type: 'datetime' }),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    date: typeof dateKind;
  }
}
