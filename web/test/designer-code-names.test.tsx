import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

// CodeMirror measures text ranges; jsdom has no layout
Range.prototype.getClientRects = function getClientRects() {
  return [] as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return new DOMRect(0, 0, 0, 0);
};

const stored = () => JSON.parse(localStorage.getItem('qb.designer.formConf') ?? '{}') as Record<string, unknown>;
const storedItems = () => JSON.parse(localStorage.getItem('qb.designer.drawingItems') ?? '[]') as Record<string, unknown>[];
/** The storage is written 340 ms after the last change (SPEC.md §9). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** Issue 19 #11: 表单名, 表单模型, 校验模型 in 表单属性; 上传地址, 文件字段名, 自动上传 of an upload. */
describe("designer: the form's names in code and the upload's route", () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('表单名 / 表单模型 / 校验模型: an invalid name is said and never stored; a valid one is stored and used by 查看代码', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByText('表单属性'));
    const ref = screen.getByRole('textbox', { name: '表单名' });
    const model = screen.getByRole('textbox', { name: '表单模型' });
    const rules = screen.getByRole('textbox', { name: '校验模型' });
    expect([ref, model, rules].map((i) => i.getAttribute('placeholder'))).toEqual(['form', 'INITIAL_VALUES', 'FORM_RULES']);

    await user.type(ref, '2x');
    expect(screen.getByText('须为 JavaScript 标识符：以字母、_ 或 $ 开头，只含字母、数字、_、$（最多64个字符）')).toBeTruthy();
    await user.clear(ref);
    await user.type(ref, 'class');
    expect(screen.getByText('class 是 JavaScript 保留字')).toBeTruthy();
    await user.clear(ref);
    await user.type(ref, 'Modal{Enter}');
    expect(screen.getByText('Modal 已是生成代码中的名称')).toBeTruthy();
    await user.tab();
    await settle();
    // neither the refused name nor one typed on the way (Moda) was stored
    expect(stored().formRef).toBeUndefined();
    await user.clear(ref);
    await user.type(ref, 'elForm{Enter}');
    await user.type(model, 'elForm{Enter}');
    expect(screen.getByText('elForm 已用作表单名')).toBeTruthy();
    await user.clear(model);
    await user.type(model, 'formData');
    await user.type(rules, 'rules{Enter}');
    await waitFor(() => expect(stored()).toMatchObject({ formRef: 'elForm', formModel: 'formData', formRules: 'rules' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByTestId('designer-run'));
    await screen.findByTestId('designer-preview');
    await user.click(screen.getByTestId('preview-code'));
    const code = await screen.findByTestId('preview-code-view');
    await waitFor(() => expect(code.textContent).toContain('const [elForm] = Form.useForm<FormValues>();'), { timeout: 30_000 });
    expect(code.textContent).toContain('const formData: Partial<FormValues> = {};');
    expect(code.textContent).toContain('rules={rules.field101}');
  }, 90_000);

  it("says the names' problems in English too", async () => {
    await setLanguage('en-US');
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByText('Form properties'));
    const rules = screen.getByRole('textbox', { name: 'Rules model' });
    await user.type(rules, 'form');
    expect(screen.getByText('form is already the Form name')).toBeTruthy();
    await user.clear(rules);
    await user.type(rules, 'yield');
    expect(screen.getByText('yield is a reserved word of JavaScript')).toBeTruthy();
  }, 60_000);

  it("上传地址 among this server's upload routes only, 文件字段名 among the fields it reads, 自动上传 off: stored, and the preview follows", async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-upload'));
    const action = screen.getByRole('combobox', { name: '上传地址' });
    await user.click(action);
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox.parentElement!)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['/api/action/upload/', '/api/action/uploadsOss/']);
    await user.click(await screen.findByTitle('/api/action/uploadsOss/'));
    await user.click(screen.getByRole('combobox', { name: '文件字段名' }));
    const lists = await screen.findAllByRole('listbox');
    expect(
      within(lists.at(-1)!.parentElement!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['files']);
    await user.keyboard('{Escape}');
    const auto = screen.getByRole('switch', { name: '自动上传' });
    expect(auto.getAttribute('aria-checked')).toBe('true');
    await user.click(auto);
    expect(screen.getByText('选择的文件在提交表单时上传')).toBeTruthy();
    await waitFor(() => expect(storedItems()[0]).toMatchObject({ kind: 'upload', action: '/api/action/uploadsOss/', autoUpload: false }));
    // files is the default field: not stored
    expect(storedItems()[0]!.fieldName).toBeUndefined();

    // 运行: a picked file waits for 提交, nothing is sent
    const calls = fakeFetch(() => ({ status: 404, body: { status: false, message: 'not here' } }));
    await user.click(screen.getByTestId('designer-run'));
    const preview = await screen.findByTestId('designer-preview');
    await user.upload(preview.querySelector<HTMLInputElement>('input[type=file]')!, new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect((await within(preview).findByTestId('upload-pending')).textContent).toContain('a.pdf');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/action/'))).toEqual([]);
  }, 90_000);
});
