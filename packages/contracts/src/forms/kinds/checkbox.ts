import type { FormOptionsSource } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { chosenShape } from './shared.ts';
import { chosenList, notAnOption, v1SlotOptions } from './options.ts';
import { v1Bounds } from './v1.ts';

export interface FormCheckboxField extends FormValueBase {
  kind: 'checkbox';
  options: FormOptionsSource;
  border?: boolean;
}

/** Any of a few options, all shown: the value is a list. */
export const checkboxKind: ValueKindDescriptor<FormCheckboxField> = {
  kind: 'checkbox',
  title: { zh: '多选框组', en: 'Checkbox group' },
  layout: false,
  keys: ['options', 'border'],
  read({ r, put, options }) {
    put('options', options());
    put('border', r.bool('border'));
  },
  v1: {
    matches: (c) => c.tag === 'el-checkbox-group',
    read(c) {
      v1SlotOptions(c);
      if (c.config.border === true) c.out.border = true;
      v1Bounds(c, true);
    },
  },
  message: 'select',
  rules: ['min', 'max'],
  countsItems: true,
  shape: (_field, value) => chosenShape(true, value),
  bounds: () => 'count',
  check: (field, value, lang, title) => notAnOption(field.options, chosenList(value), lang, title),
  column: () => ({ type: 'nvarchar', length: 500 }),
  listValued: () => true,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    checkbox: typeof checkboxKind;
  }
}
