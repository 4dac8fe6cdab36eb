import { useEffect, useRef, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** SPEC.md §9: the rich-text editor is 300 px high. */
export const EDITOR_HEIGHT = 300;

/** A rich-text editor (tiptap, bundled and loaded with the dialog that needs it); the value is HTML. */
interface RichTextEditorProps {
  value?: unknown;
  onChange?: (html: string) => void;
  id?: string;
  /** the field's label: the editable area's accessible name */
  label?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

export default function RichTextEditor({ value, onChange, id, label, ...aria }: RichTextEditorProps) {
  const { t } = useTranslation();
  const html = typeof value === 'string' ? value : '';
  // the editable area is a multi-line text box named by the field's label, tied to its errors like any input
  const attributes = Object.fromEntries(
    Object.entries({ 'aria-label': label, 'aria-multiline': 'true', ...aria })
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  /** the values onChange sent that have not come back as `value` yet, oldest first */
  const echoes = useRef<string[]>([]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, underline: false })],
    content: html,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? '' : e.getHTML();
      // (bounded: a parent that never gives the value back)
      if (echoes.current.push(next) > 200) echoes.current.shift();
      onChange?.(next);
    },
  });
  // a reset or another row puts a new value in from outside. The values this editor sent come back as `value` a render
  // later, and under load after more typing: an older one of them is no outside value (putting it in moved the caret
  // back and typed the next letters before the earlier ones), so each is recognised, with those sent before it.
  useEffect(() => {
    if (!editor) return;
    const echo = echoes.current.indexOf(html);
    if (echo >= 0) {
      echoes.current.splice(0, echo + 1);
      return;
    }
    echoes.current = [];
    if (html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  const tool = (key: string, label: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={label} key={key}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={label} aria-pressed={active} onClick={run} disabled={!editor} />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div className="qb-editor" id={id} data-testid="rich-text-editor">
      <div className="qb-editor-toolbar">
        {tool('bold', t('crud.editor.bold'), <BoldOutlined />, !!state?.bold, () => chain().toggleBold().run())}
        {tool('italic', t('crud.editor.italic'), <ItalicOutlined />, !!state?.italic, () => chain().toggleItalic().run())}
        {tool('strike', t('crud.editor.strike'), <StrikethroughOutlined />, !!state?.strike, () => chain().toggleStrike().run())}
        {tool('h2', t('crud.editor.heading'), <span className="qb-editor-h">H</span>, !!state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('bullet', t('crud.editor.bulletList'), <UnorderedListOutlined />, !!state?.bullet, () => chain().toggleBulletList().run())}
        {tool('ordered', t('crud.editor.orderedList'), <OrderedListOutlined />, !!state?.ordered, () => chain().toggleOrderedList().run())}
        {tool('quote', t('crud.editor.blockquote'), <span className="qb-editor-h">”</span>, !!state?.quote, () => chain().toggleBlockquote().run())}
        {tool('undo', t('crud.editor.undo'), <UndoOutlined />, false, () => chain().undo().run())}
        {tool('redo', t('crud.editor.redo'), <RedoOutlined />, false, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} className="qb-editor-content" style={{ height: EDITOR_HEIGHT }} />
    </div>
  );
}
