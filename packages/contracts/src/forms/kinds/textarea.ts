import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { typedTextValue } from './shared.ts';
import { num, v1InputKind, v1MaxLength, v1Patterns, v1ShowCount } from './v1.ts';
import { isObj } from '../parseReader.ts';

export interface FormTextareaField extends FormValueBase {
  kind: 'textarea';
  rows?: number;
  showCount?: boolean;
}

/** Lines of text (el-input type textarea). */
export const textareaKind: ValueKindDescriptor<FormTextareaField> = {
  kind: 'textarea',
  title: { zh: '多行文本', en: 'Textarea' },
  layout: false,
  keys: ['rows', 'showCount'],
  read({ r, put }) {
    put('rows', r.num('rows', 1, 100, true));
    put('showCount', r.bool('showCount'));
  },
  v1: {
    matches: (c) => c.tag === 'el-input' && v1InputKind(c) === 'textarea',
    read(c) {
      const { item, out } = c;
      v1MaxLength(c);
      v1Patterns(c);
      const rows = isObj(item.autosize) ? num(item.autosize.minRows) : undefined;
      if (rows !== undefined) out.rows = rows;
      v1ShowCount(c);
    },
  },
  ...typedTextValue,
  column: () => ({ type: 'ntext' }),
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    textarea: typeof textareaKind;
  }
}
