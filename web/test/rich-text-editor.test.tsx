import { describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import RichTextEditor from '../src/forms/RichTextEditor.tsx';

/** tiptap keeps its editor on the editable element */
const editorOf = (container: HTMLElement) => (container.querySelector('.ProseMirror') as HTMLElement & { editor?: Editor }).editor!;

describe('the rich-text editor as a controlled input', () => {
  it('keeps what was typed when an older value it sent comes back late, and takes a value from outside', async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<RichTextEditor value="" onChange={onChange} label="正文" />);
    await waitFor(() => expect(container.querySelector('.ProseMirror')).toBeTruthy());
    const editor = editorOf(container);
    act(() => void editor.commands.insertContent('红灯'));
    act(() => void editor.commands.insertContent('停'));
    expect(onChange.mock.calls.map(([html]) => html)).toEqual(['<p>红灯</p>', '<p>红灯停</p>']);
    // the form gives the first value back after the second was typed (a slow render): it is no value from outside
    rerender(<RichTextEditor value="<p>红灯</p>" onChange={onChange} label="正文" />);
    expect(editor.getHTML()).toBe('<p>红灯停</p>');
    rerender(<RichTextEditor value="<p>红灯停</p>" onChange={onChange} label="正文" />);
    expect(editor.getHTML()).toBe('<p>红灯停</p>');
    // a reset or another row: a value it did not send is put in, without sending it back
    rerender(<RichTextEditor value="<p>绿灯行</p>" onChange={onChange} label="正文" />);
    expect(editor.getHTML()).toBe('<p>绿灯行</p>');
    // …even one it sent before, once that came back
    rerender(<RichTextEditor value="<p>红灯</p>" onChange={onChange} label="正文" />);
    expect(editor.getHTML()).toBe('<p>红灯</p>');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
