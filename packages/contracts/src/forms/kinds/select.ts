import type { FormOptionsSource } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { chosenShape } from './shared.ts';
import { chosenColumn, chosenList, notAnOption, v1SlotOptions } from './options.ts';

export interface FormSelectField extends FormValueBase {
  kind: 'select';
  options: FormOptionsSource;
  multiple?: boolean;
  filterable?: boolean;
}

/** A dropdown: one option, or a list of them (multiple). */
export const selectKind: ValueKindDescriptor<FormSelectField> = {
  kind: 'select',
  title: { zh: '下拉选择', en: 'Select' },
  layout: false,
  keys: ['options', 'multiple', 'filterable'],
  read({ r, put, options }) {
    put('options', options());
    put('multiple', r.bool('multiple'));
    put('filterable', r.bool('filterable'));
  },
  v1: {
    matches: (c) => c.tag === 'el-select',
    read(c) {
      v1SlotOptions(c);
      if (c.item.multiple === true) c.out.multiple = true;
      if (c.item.filterable === true) c.out.filterable = true;
    },
  },
  message: 'select',
  rules: ['min', 'max'],
  countsItems: true,
  shape: (field, value) => chosenShape(!!field.multiple, value),
  bounds: (field) => (field.multiple ? 'count' : undefined),
  check: (field, value, lang, title) => notAnOption(field.options, chosenList(value), lang, title),
  column: (field) => (field.multiple ? { type: 'nvarchar', length: 500 } : chosenColumn(field.options)),
  listValued: (field) => !!field.multiple,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    select: typeof selectKind;
  }
}
