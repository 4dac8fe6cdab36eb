import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FormValueField } from '@qb/contracts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, type FakeCall } from './helpers.tsx';
import { formOf, renderSchema } from './forms-harness.tsx';

// Issue 19 #11: the renderer's upload sends to the field's 上传地址 in its 文件字段名, and with 自动上传 off keeps the
// picked file in the form until 提交, then sends it and submits its path.

const sends = (calls: FakeCall[]) => calls.filter((c) => c.url.pathname.startsWith('/api/action/upload'));
let calls: FakeCall[];
let refuse = false;
beforeEach(async () => {
  await setLanguage('zh-CN');
  refuse = false;
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/action/upload/' || call.url.pathname === '/api/action/uploadsOss/') {
      if (refuse) return { status: 400, body: { status: false, message: '文件过大' } };
      const [[field, file]] = [...(call.body as FormData).entries()] as [string, File][];
      return ok({ path: `/api/file/${call.url.pathname.includes('Oss') ? 'oss' : 'local'}/${field}/${file.name}`, oldFileName: file.name });
    }
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string) => new File([new Uint8Array(10)], name, { type: 'application/pdf' });
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;

describe('the upload field of a designed form', () => {
  it('sends a picked file at once to its route, in its field (自动上传 on, the default)', async () => {
    const field: FormValueField = { kind: 'upload', name: 'doc', label: { zh: '附件' }, action: '/api/action/uploadsOss/', fieldName: 'files' };
    const form = renderSchema(formOf(field));
    await form.user.upload(fileInput(form.container), pdf('a.pdf'));
    expect(await screen.findByText('a.pdf')).toBeTruthy();
    expect(sends(calls).map((c) => [c.url.pathname, c.method])).toEqual([['/api/action/uploadsOss/', 'POST']]);
    await form.submit();
    expect((await form.submitted()).doc).toBe('/api/file/oss/files/a.pdf');
  });

  it('自动上传 off: nothing is sent when a file is picked; 提交 sends it, then submits its path, once', async () => {
    const field: FormValueField = { kind: 'upload', name: 'doc', label: { zh: '附件' }, autoUpload: false, rules: { required: true, accept: ['pdf'] } };
    const form = renderSchema(formOf(field));
    await form.submit();
    expect(await screen.findByText('请上传附件')).toBeTruthy();
    await form.user.upload(fileInput(form.container), pdf('b.pdf'));
    const pending = await screen.findByTestId('upload-pending');
    expect(pending.textContent).toContain('b.pdf');
    expect(pending.textContent).toContain('待上传，提交时发送');
    expect(sends(calls)).toEqual([]);
    await form.submit();
    expect((await form.submitted()).doc).toBe('/api/file/local/files/b.pdf');
    expect(sends(calls).map((c) => c.url.pathname)).toEqual(['/api/action/upload/']);
    // the form now holds the path: a second submit sends nothing again
    await form.submit();
    await waitFor(() => expect(form.onFinish).toHaveBeenCalledTimes(2));
    expect(form.onFinish.mock.calls[1]![0]).toEqual({ doc: '/api/file/local/files/b.pdf' });
    expect(sends(calls)).toHaveLength(1);
  });

  it('自动上传 off, several files: each waits and is removable; a refused send stops the submit with the reason', async () => {
    const field: FormValueField = { kind: 'upload', name: 'docs', label: { zh: '附件' }, multiple: true, autoUpload: false, action: '/api/action/uploadsOss/' };
    const form = renderSchema(formOf(field));
    await form.user.upload(fileInput(form.container), pdf('one.pdf'));
    await screen.findByText('one.pdf');
    await form.user.upload(fileInput(form.container), pdf('two.pdf'));
    await screen.findByText('two.pdf');
    await form.user.upload(fileInput(form.container), pdf('three.pdf'));
    await screen.findByText('three.pdf');
    expect(screen.getAllByTestId('upload-pending')).toHaveLength(3);
    await form.user.click(screen.getAllByRole('button', { name: '移除' })[1]!);
    await waitFor(() => expect(screen.queryByText('two.pdf')).toBeNull());
    refuse = true;
    await form.submit();
    expect(await screen.findByText('上传失败：文件过大')).toBeTruthy();
    expect(form.onFinish).not.toHaveBeenCalled();
    refuse = false;
    await form.submit();
    expect((await form.submitted()).docs).toEqual(['/api/file/oss/files/one.pdf', '/api/file/oss/files/three.pdf']);
    expect(sends(calls).every((c) => c.url.pathname === '/api/action/uploadsOss/')).toBe(true);
    expect(sends(calls).length).toBe(3);
  });

  it('says the waiting state in English too', async () => {
    await setLanguage('en-US');
    const form = renderSchema(formOf({ kind: 'upload', name: 'doc', label: { zh: '附件', en: 'File' }, autoUpload: false }));
    await form.user.upload(fileInput(form.container), pdf('c.pdf'));
    expect((await screen.findByTestId('upload-pending')).textContent).toContain('Sent when the form is submitted');
  });
});
