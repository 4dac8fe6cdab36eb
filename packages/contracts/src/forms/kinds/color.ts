import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { stringShape } from './shared.ts';

export interface FormColorField extends FormValueBase {
  kind: 'color';
  format?: 'hex' | 'rgb' | 'hsb';
  alpha?: boolean;
}

/** A colour (text in its format). */
export const colorKind: ValueKindDescriptor<FormColorField> = {
  kind: 'color',
  title: { zh: '颜色选择', en: 'Colour' },
  layout: false,
  keys: ['format', 'alpha'],
  read({ r, put }) {
    put('format', r.oneOf('format', ['hex', 'rgb', 'hsb'] as const));
    put('alpha', r.bool('alpha'));
  },
  v1: {
    matches: (c) => c.tag === 'el-color-picker',
    read({ item, out }) {
      const f = typeof item['color-format'] === 'string' ? item['color-format'] : '';
      const format = f.startsWith('rgb') ? 'rgb' : f.startsWith('hs') ? 'hsb' : f === 'hex' ? 'hex' : undefined;
      if (format) out.format = format;
      if (item['show-alpha'] === true || f.endsWith('a')) out.alpha = true;
    },
  },
  message: 'select',
  rules: [],
  shape: (_field, value) => stringShape(value),
  column: () => ({ type: 'nvarchar' }),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    color: typeof colorKind;
  }
}
