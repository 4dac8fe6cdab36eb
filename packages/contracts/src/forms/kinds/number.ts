import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { numberShape } from './shared.ts';
import { num, v1Bounds, v1Patterns } from './v1.ts';

export interface FormNumberField extends FormValueBase {
  kind: 'number';
  step?: number;
  precision?: number;
}

/** A number (el-input-number). */
export const numberKind: ValueKindDescriptor<FormNumberField> = {
  kind: 'number',
  title: { zh: '计数器', en: 'Number' },
  layout: false,
  keys: ['step', 'precision'],
  read({ r, put }) {
    put('step', r.num('step', Number.MIN_VALUE, Number.MAX_SAFE_INTEGER));
    put('precision', r.num('precision', 0, 10, true));
  },
  v1: {
    matches: (c) => c.tag === 'el-input-number',
    read(c) {
      const { item, out } = c;
      v1Patterns(c);
      v1Bounds(c);
      const step = num(item.step);
      if (step !== undefined) out.step = step;
      const precision = num(item.precision);
      if (precision !== undefined) out.precision = precision;
    },
  },
  message: 'enter',
  rules: ['min', 'max', 'patterns'],
  shape: (_field, value) => numberShape(value),
  bounds: () => 'number',
  column: (field) => {
    if (field.precision === 2) return { type: 'money' };
    return field.precision && field.precision > 0 ? { type: 'float' } : Number.isInteger(field.step ?? 1) ? { type: 'int' } : { type: 'float' };
  },
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    number: typeof numberKind;
  }
}
