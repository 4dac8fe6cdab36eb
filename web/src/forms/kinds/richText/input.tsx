import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { formTextIn, type FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

// the editor (tiptap, ProseMirror) is the crud one, loaded with the first form that has one
const RichTextEditor = lazy(() => import('../../RichTextEditor.tsx'));

function RichTextInput({ field, value, change, id, aria, lang, t }: KindInputProps<FormFieldOf<'richText'>>) {
  return (
    <Suspense
      fallback={
        <Spin description={t('crud.editorLoading')}>
          <div style={{ height: field.height ?? 300 }} />
        </Spin>
      }
    >
      <RichTextEditor id={id} label={formTextIn(field.label, lang)} {...aria} value={value} onChange={(v) => change(v)} />
    </Suspense>
  );
}

const richTextKind: WebKindDescriptor<FormFieldOf<'richText'>> = { kind: 'richText', Input: RichTextInput };
export default richTextKind;

declare module '../index.ts' {
  interface WebKindInputs {
    richText: typeof richTextKind;
  }
}
