import type { FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from '../codeShared.ts';

const richTextCode: WebKindCode<FormFieldOf<'richText'>> = {
  kind: 'richText',
  source(field, ctx, { onBlur }) {
    // a rich-text editor (tiptap, as the app's): the file imports @tiptap/react and @tiptap/starter-kit (docs/forms.md)
    ctx.helpers.add('richText');
    return { itemProps: onBlur, control: `<RichTextEditor height={${field.height ?? 300}}${field.readonly || field.disabled ? ' disabled' : ''} />` };
  },
};
export default richTextCode;

declare module '../code.ts' {
  interface WebKindCodes {
    richText: typeof richTextCode;
  }
}
