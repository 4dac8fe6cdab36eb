import { FORM_TIME_FORMAT } from '../types.ts';
import type { FormValueBase, KindV1Context, ValueKindDescriptor } from './descriptor.ts';
import { readDateFormat, stringShape } from './shared.ts';
import { dayjsFormat } from './v1.ts';

export interface FormTimeField extends FormValueBase {
  kind: 'time';
  /** dayjs format of the value; default HH:mm:ss */
  format?: string;
}

/** el-time-picker is-range: a time range. */
export const isV1TimeRange = ({ item, icon }: KindV1Context) => item['is-range'] === true || icon === 'time-range';

/** Its format, unless the default. */
export function v1TimeFormat({ item, out }: KindV1Context) {
  const format = dayjsFormat(item['value-format'] ?? item.format);
  if (format && format !== FORM_TIME_FORMAT) out.format = format;
}

/** A time of day (text in its format). */
export const timeKind: ValueKindDescriptor<FormTimeField> = {
  kind: 'time',
  title: { zh: '时间选择', en: 'Time' },
  layout: false,
  keys: ['format'],
  read: readDateFormat,
  v1: {
    matches: (c) => c.tag === 'el-time-picker' && !isV1TimeRange(c),
    read: v1TimeFormat,
  },
  message: 'select',
  rules: [],
  shape: (_field, value) => stringShape(value),
  column: () => ({ type: 'nvarchar', length: 20 }),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    time: typeof timeKind;
  }
}
