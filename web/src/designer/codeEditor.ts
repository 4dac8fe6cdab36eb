import { EditorView, basicSetup } from 'codemirror';
import { json } from '@codemirror/lang-json';

/** CodeMirror 6 with JSON: loaded only when the JSON drawer opens (its own chunk). */
export function createJsonEditor(parent: HTMLElement, doc: string, label: string): EditorView {
  return new EditorView({ doc, parent, extensions: [basicSetup, json(), EditorView.contentAttributes.of({ 'aria-label': label })] });
}

export type { EditorView };
