import type { FormOptionsSource } from '../types.ts';
import { at } from '../parseReader.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { isScalar } from './shared.ts';
import { chosenColumn, notAnOption, v1ChoiceOptions, v1OptionProps } from './options.ts';

export interface FormCascaderField extends FormValueBase {
  kind: 'cascader';
  options: FormOptionsSource;
  multiple?: boolean;
  /** any level may be chosen, not only leaves */
  changeOnSelect?: boolean;
  /** false: the value is the chosen option's value, not its path from the root (default true) */
  emitPath?: boolean;
}

const pathOk = (p: unknown) => (Array.isArray(p) ? p.length > 0 && p.every(isScalar) : false);

/** A choice in a tree of options: its path from the root (or the option's value only), one or a list. */
export const cascaderKind: ValueKindDescriptor<FormCascaderField> = {
  kind: 'cascader',
  title: { zh: '级联选择', en: 'Cascader' },
  layout: false,
  keys: ['options', 'multiple', 'changeOnSelect', 'emitPath'],
  read({ r, put, options }) {
    put('options', options());
    put('multiple', r.bool('multiple'));
    put('changeOnSelect', r.bool('changeOnSelect'));
    put('emitPath', r.bool('emitPath'));
  },
  v1: {
    matches: (c) => c.tag === 'el-cascader',
    read(c) {
      v1ChoiceOptions(c, c.item.options ?? c.slot.options, at(c.path, 'options'));
      const { optionProps } = v1OptionProps(c);
      if (optionProps.multiple === true) c.out.multiple = true;
      if (optionProps.checkStrictly === true) c.out.changeOnSelect = true;
      if (optionProps.emitPath === false) c.out.emitPath = false;
    },
  },
  message: 'select',
  rules: ['min', 'max'],
  countsItems: true,
  shape(field, value) {
    if (field.multiple) {
      if (!Array.isArray(value)) return 'badValue';
      return value.every((v) => (field.emitPath === false ? isScalar(v) : pathOk(v))) ? undefined : 'badValue';
    }
    return (field.emitPath === false ? isScalar(value) : pathOk(value)) ? undefined : 'badValue';
  },
  bounds: (field) => (field.multiple ? 'count' : undefined),
  // a path is checked by its last option
  check: (field, value, lang, title) =>
    notAnOption(
      field.options,
      (field.multiple ? (value as unknown[]) : [value]).map((v) => (Array.isArray(v) ? v[v.length - 1] : v)),
      lang,
      title,
    ),
  column: (field) => (field.emitPath === false && !field.multiple ? chosenColumn(field.options) : { type: 'nvarchar', length: 500 }),
  listValued: () => true,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    cascader: typeof cascaderKind;
  }
}
