import type { FormIcon } from '../types.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { lengthColumn, readIcon, typedTextValue } from './shared.ts';
import { v1Icons, v1InputKind, v1MaxLength, v1Patterns, v1ShowCount } from './v1.ts';

export interface FormPasswordField extends FormValueBase {
  kind: 'password';
  showCount?: boolean;
  prefixIcon?: FormIcon;
  /** shown after the show-password eye */
  suffixIcon?: FormIcon;
}

/** A password (el-input show-password). */
export const passwordKind: ValueKindDescriptor<FormPasswordField> = {
  kind: 'password',
  title: { zh: '密码', en: 'Password' },
  layout: false,
  keys: ['showCount', 'prefixIcon', 'suffixIcon'],
  read({ r, put }) {
    put('showCount', r.bool('showCount'));
    put('prefixIcon', readIcon(r, 'prefixIcon'));
    put('suffixIcon', readIcon(r, 'suffixIcon'));
  },
  v1: {
    matches: (c) => c.tag === 'el-input' && v1InputKind(c) === 'password',
    read(c) {
      v1MaxLength(c);
      v1Patterns(c);
      v1Icons(c);
      v1ShowCount(c);
    },
  },
  ...typedTextValue,
  column: lengthColumn,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    password: typeof passwordKind;
  }
}
