import { at } from '../parseReader.ts';
import type { FormItemBase, LayoutKindDescriptor } from './descriptor.ts';
import type { FormField } from './index.ts';
import { nonEmpty, num } from './v1.ts';

export interface FormRowField extends FormItemBase {
  kind: 'row';
  children: FormField[];
  gutter?: number;
  justify?: 'start' | 'end' | 'center' | 'space-around' | 'space-between';
  align?: 'top' | 'middle' | 'bottom';
}

/** A line of the grid holding other items (rows nest). */
export const rowKind: LayoutKindDescriptor<FormRowField> = {
  kind: 'row',
  title: { zh: '行容器', en: 'Row container' },
  layout: true,
  keys: ['children', 'gutter', 'justify', 'align'],
  read({ r, put, children }) {
    put('gutter', r.num('gutter', 0, 100));
    put('justify', r.oneOf('justify', ['start', 'end', 'center', 'space-around', 'space-between'] as const));
    put('align', r.oneOf('align', ['top', 'middle', 'bottom'] as const));
    put('children', children('children'));
  },
  v1: {
    matches: ({ config, tag, icon }) => config.layout === 'rowFormItem' || (tag === undefined && icon === 'row'),
    read({ item, config, cpath, id, form, out, field }) {
      out.name = nonEmpty(config.componentName) ?? `row${id ?? ''}`;
      const gutter = num(item.gutter ?? config.gutter ?? form.gutter);
      if (gutter !== undefined) out.gutter = gutter;
      if (typeof item.justify === 'string' && item.justify !== 'start') out.justify = item.justify;
      if (typeof item.align === 'string' && item.align !== 'top') out.align = item.align;
      const children = config.children;
      out.children = Array.isArray(children) ? children.map((c, i) => field(c, at(at(cpath, 'children'), i))).filter(Boolean) : [];
    },
  },
  children: (field) => field.children,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    row: typeof rowKind;
  }
}
