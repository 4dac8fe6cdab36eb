import type { FormOptionsSource } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { chosenShape } from './shared.ts';
import { chosenColumn, chosenList, notAnOption, v1SlotOptions } from './options.ts';

export interface FormRadioField extends FormValueBase {
  kind: 'radio';
  options: FormOptionsSource;
  /** button style */
  button?: boolean;
  border?: boolean;
}

/** One of a few options, all shown. */
export const radioKind: ValueKindDescriptor<FormRadioField> = {
  kind: 'radio',
  title: { zh: '单选框组', en: 'Radio group' },
  layout: false,
  keys: ['options', 'button', 'border'],
  read({ r, put, options }) {
    put('options', options());
    put('button', r.bool('button'));
    put('border', r.bool('border'));
  },
  v1: {
    matches: (c) => c.tag === 'el-radio-group',
    read(c) {
      v1SlotOptions(c);
      if (c.config.border === true) c.out.border = true;
      if (c.config.optionType === 'button') c.out.button = true;
    },
  },
  message: 'select',
  rules: [],
  shape: (_field, value) => chosenShape(false, value),
  check: (field, value, lang, title) => notAnOption(field.options, chosenList(value), lang, title),
  column: (field) => chosenColumn(field.options),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    radio: typeof radioKind;
  }
}
