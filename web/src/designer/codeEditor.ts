import { EditorView, basicSetup } from 'codemirror';
import { json } from '@codemirror/lang-json';
import { javascript } from '@codemirror/lang-javascript';
import { EditorState } from '@codemirror/state';

/** CodeMirror 6 with JSON: loaded only when the JSON drawer opens (its own chunk). */
export function createJsonEditor(parent: HTMLElement, doc: string, label: string): EditorView {
  return new EditorView({ doc, parent, extensions: [basicSetup, json(), EditorView.contentAttributes.of({ 'aria-label': label })] });
}

/** A read-only view of generated TypeScript + JSX (运行's 查看代码). */
export function createCodeView(parent: HTMLElement, doc: string, label: string): EditorView {
  return new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      javascript({ jsx: true, typescript: true }),
      EditorState.readOnly.of(true),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
    ],
  });
}

export type { EditorView };
