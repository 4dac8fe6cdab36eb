import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { textShape } from './shared.ts';
import { num, v1MaxLength } from './v1.ts';

export interface FormRichTextField extends FormValueBase {
  kind: 'richText';
  height?: number;
}

function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === '' && !/<img/i.test(html)
  );
}

function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** HTML from the rich text editor (tinymce); its lengths count the text without the markup. */
export const richTextKind: ValueKindDescriptor<FormRichTextField> = {
  kind: 'richText',
  title: { zh: '编辑器', en: 'Rich text' },
  layout: false,
  keys: ['height'],
  read({ r, put }) {
    put('height', r.num('height', 100, 2000, true));
  },
  v1: {
    matches: (c) => c.tag === 'tinymce',
    read(c) {
      v1MaxLength(c);
      const height = num(c.item.height);
      if (height !== undefined) c.out.height = height;
    },
  },
  message: 'enter',
  rules: ['minLength', 'maxLength'],
  isEmpty: (_field, value) => typeof value === 'string' && isBlankHtml(value),
  shape: (_field, value) => textShape(value),
  typedText: (value) => plainTextOf(String(value)),
  ignoresPatterns: true,
  column: () => ({ type: 'ntext' }),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    richText: typeof richTextKind;
  }
}
