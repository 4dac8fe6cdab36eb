import type { FormIcon, FormText } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { lengthColumn, readIcon, typedTextValue } from './shared.ts';
import { nonEmpty, v1Icons, v1InputKind, v1MaxLength, v1Patterns, v1ShowCount } from './v1.ts';

export interface FormTextField extends FormValueBase {
  kind: 'text';
  prepend?: FormText;
  append?: FormText;
  /** an icon inside the box, before / after the text */
  prefixIcon?: FormIcon;
  suffixIcon?: FormIcon;
  clearable?: boolean;
  showCount?: boolean;
}

/** One line of text (el-input). */
export const textKind: ValueKindDescriptor<FormTextField> = {
  kind: 'text',
  title: { zh: '单行文本', en: 'Single-line text' },
  layout: false,
  keys: ['prepend', 'append', 'prefixIcon', 'suffixIcon', 'clearable', 'showCount'],
  read({ r, put }) {
    put('prepend', r.text('prepend'));
    put('append', r.text('append'));
    put('prefixIcon', readIcon(r, 'prefixIcon'));
    put('suffixIcon', readIcon(r, 'suffixIcon'));
    put('clearable', r.bool('clearable'));
    put('showCount', r.bool('showCount'));
  },
  v1: {
    matches: (c) => c.tag === 'el-input' && v1InputKind(c) === 'text',
    read(c) {
      const { slot, item, out } = c;
      v1MaxLength(c);
      v1Patterns(c);
      v1Icons(c);
      if (nonEmpty(slot.prepend)) out.prepend = { zh: slot.prepend };
      if (nonEmpty(slot.append)) out.append = { zh: slot.append };
      v1ShowCount(c);
      if (item.clearable === false) out.clearable = false;
    },
  },
  ...typedTextValue,
  column: lengthColumn,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    text: typeof textKind;
  }
}
