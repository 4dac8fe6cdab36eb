import type { FormScalar, FormText } from '../types.ts';
import { at, show } from '../parseReader.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { readScalar, sameScalar } from './shared.ts';
import { nonEmpty } from './v1.ts';

export interface FormSwitchField extends FormValueBase {
  kind: 'switch';
  /** defaults true / false */
  activeValue?: FormScalar;
  inactiveValue?: FormScalar;
  activeText?: FormText;
  inactiveText?: FormText;
}

/** On or off: its two values (true / false by default). */
export const switchKind: ValueKindDescriptor<FormSwitchField> = {
  kind: 'switch',
  title: { zh: '开关', en: 'Switch' },
  layout: false,
  keys: ['activeValue', 'inactiveValue', 'activeText', 'inactiveText'],
  read({ r, put }) {
    const v = r.o;
    for (const k of ['activeValue', 'inactiveValue'] as const) {
      if (v[k] !== undefined && !readScalar(v[k])) r.p.add(at(r.path, k), `must be text, a number or true/false, not ${show(v[k])}`);
      else put(k, v[k]);
    }
    if (v.activeValue !== undefined && v.activeValue === (v.inactiveValue ?? false)) r.p.add(at(r.path, 'activeValue'), 'must differ from inactiveValue');
    put('activeText', r.text('activeText'));
    put('inactiveText', r.text('inactiveText'));
  },
  v1: {
    matches: (c) => c.tag === 'el-switch',
    read({ item, out }) {
      for (const [from, to] of [
        ['active-value', 'activeValue'],
        ['inactive-value', 'inactiveValue'],
      ] as const) {
        if (item[from] !== undefined && item[from] !== null && !(to === 'activeValue' ? item[from] === true : item[from] === false)) out[to] = item[from];
      }
      // a boolean default of a switch with its own values means those values
      if (typeof out.defaultValue === 'boolean') out.defaultValue = out.defaultValue ? (out.activeValue ?? true) : (out.inactiveValue ?? false);
      if (nonEmpty(item['active-text'])) out.activeText = { zh: item['active-text'] };
      if (nonEmpty(item['inactive-text'])) out.inactiveText = { zh: item['inactive-text'] };
    },
  },
  message: 'select',
  rules: [],
  shape(field, value) {
    const on = field.activeValue ?? true;
    const off = field.inactiveValue ?? false;
    return value === on || value === off || sameScalar(value, on) || sameScalar(value, off) ? undefined : 'badValue';
  },
  initialValue: (field) => field.inactiveValue ?? false,
  column(field) {
    const values = [field.activeValue ?? true, field.inactiveValue ?? false];
    if (values.every((v) => typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v)))) return { type: 'int' };
    return { type: 'nvarchar', fits: values };
  },
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    switch: typeof switchKind;
  }
}
