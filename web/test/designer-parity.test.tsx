import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';
import { generateFormCode } from '../src/designer/codegen/index.ts';
import { migrateFormSchema, parseFormSchema, type FormSchema } from '@qb/contracts';

// CodeMirror measures text ranges; jsdom has no layout
Range.prototype.getClientRects = function getClientRects() {
  return [] as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return new DOMRect(0, 0, 0, 0);
};

/** Issue 19 #11: form-generator parity of the property panel (names read by a screen reader, placeholder, code view). */
describe('designer property panel parity', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  });

  it('names every property input by its visible label, not by a test id', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('add-pattern'));
    const panel = screen.getByTestId('prop-label').closest('form') ?? document.body;
    expect(within(panel).getByRole('textbox', { name: '标题' })).toBe(screen.getByTestId('prop-label'));
    expect(within(panel).getByRole('textbox', { name: '标题 英文' })).toBeTruthy();
    expect(within(panel).getByRole('textbox', { name: '占位提示' })).toBe(screen.getByTestId('prop-placeholder'));
    expect(within(panel).getByRole('spinbutton', { name: '最多输入' })).toBe(screen.getByTestId('prop-maxLength'));
    expect(within(panel).getByRole('textbox', { name: '错误提示 1' })).toBe(screen.getByTestId('pattern-message-0'));
    const names = [...document.querySelectorAll('input[aria-label]')].map((i) => i.getAttribute('aria-label')!);
    expect(names.filter((n) => /^(prop|pattern)-/.test(n))).toEqual([]);
  }, 60_000);

  it('offers 占位提示 only for components that show a placeholder', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    for (const kind of ['select', 'date', 'number']) {
      await user.click(screen.getByTestId(`palette-${kind}`));
      expect(screen.queryByTestId('prop-placeholder')).not.toBeNull();
    }
    for (const kind of ['switch', 'slider', 'rate', 'radio', 'checkbox', 'color', 'upload', 'dateRange']) {
      await user.click(screen.getByTestId(`palette-${kind}`));
      expect(screen.queryByTestId('prop-placeholder')).toBeNull();
    }
  }, 60_000);

  it('shows the generated page code from 运行 and back to the form, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('designer-run'));
    const preview = await screen.findByTestId('designer-preview');
    await user.type(within(preview).getByRole('textbox'), 'abc');
    await user.click(screen.getByTestId('preview-code'));
    const code = await screen.findByTestId('preview-code-view');
    await waitFor(() => expect(code.textContent).toContain('export default function GeneratedFormPage'), { timeout: 30_000 });
    expect(code.textContent).toContain('field101');
    expect(within(code).getByRole('textbox', { name: '生成的页面代码' }).getAttribute('aria-readonly')).toBe('true');
    await user.click(screen.getByTestId('preview-code'));
    expect(screen.queryByTestId('preview-code-view')).toBeNull();
    expect((within(screen.getByTestId('designer-preview')).getByRole('textbox') as HTMLInputElement).value).toBe('abc');
  }, 90_000);

  it('generates a rich-text field as a rich-text editor (tiptap), not a text area', async () => {
    const code = await generateFormCode(
      { version: 2, fields: [{ kind: 'richText', name: 'body', label: { zh: '正文' }, height: 240 }] },
      { type: 'page', lang: 'zh' },
    );
    expect(code).toContain('import { EditorContent, useEditor } from "@tiptap/react";');
    expect(code).toContain('<RichTextEditor height={240} />');
    expect(code).not.toContain('TextArea');
  }, 60_000);

  it('component width and button size: in the schema (checked), the preview, the panel and the generated code', async () => {
    const schema = {
      version: 2,
      fields: [
        { kind: 'text', name: 'city', label: { zh: '城市' }, width: '240px' },
        { kind: 'button', name: 'go', label: { zh: '' }, text: { zh: '去' }, size: 'small' },
      ],
    };
    const parsed = parseFormSchema(schema);
    expect(parsed.ok && parsed.schema).toEqual(schema);
    const bad = parseFormSchema({ version: 2, fields: [{ kind: 'text', name: 'a', label: { zh: 'a' }, width: 'calc(1px)' }] });
    expect(bad.ok ? [] : bad.problems).toEqual([expect.stringMatching(/^fields\[0\]\.width: must be a width in px or %/)]);
    // form-generator's style width comes over from version 1 (the whole line is the default)
    const v1 = migrateFormSchema({
      fields: [{ __config__: { label: '城市', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'city', style: { width: '50%' } }],
    });
    expect((v1.fields[0] as { width?: string }).width).toBe('50%');
    const code = await generateFormCode(schema as FormSchema, { type: 'page', lang: 'zh' });
    expect(code).toContain('wrapperCol={{ flex: 1, style: { maxWidth: "240px" } }}');
    expect(code).toMatch(/<Button[^>]* size="small"/);

    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    const width = screen.getByRole('textbox', { name: '组件宽度' });
    await user.type(width, '50');
    expect(screen.getByText('宽度为像素或百分比，如 240px、50%')).toBeTruthy();
    await user.type(width, '%');
    expect(within(screen.getByTestId('node-field101')).getByRole('textbox').closest('div[style]')!.getAttribute('style')).toContain('max-width: 50%');
    await user.click(screen.getByTestId('palette-button'));
    await user.click(screen.getByRole('combobox', { name: '按钮尺寸' }));
    await user.click(await screen.findByTitle('较小'));
    await user.click(screen.getByTestId('designer-run'));
    const preview = await screen.findByTestId('designer-preview');
    expect(within(preview).getByTestId('form-button-field102').className).toContain('ant-btn-sm');
    expect(within(preview).getByTestId('form-field-field101').querySelector('.ant-form-item-control')!.getAttribute('style')).toContain('max-width: 50%');
  }, 90_000);

  it('未选中组件边框: a form key (checked, kept from version 1) that the canvas follows', async () => {
    expect(parseFormSchema({ version: 2, unFocusedComponentBorder: false, fields: [] }).ok).toBe(true);
    expect(parseFormSchema({ version: 2, unFocusedComponentBorder: 'no', fields: [] }).ok).toBe(false);
    expect(migrateFormSchema({ fields: [], unFocusedComponentBorder: false }).unFocusedComponentBorder).toBe(false);
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    expect(screen.getByTestId('designer-canvas').className).not.toContain('no-unfocused-border');
    await user.click(screen.getByText('表单属性'));
    const toggle = screen.getByRole('switch', { name: '未选中组件边框' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(screen.getByTestId('designer-canvas').className).toContain('no-unfocused-border');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('qb.designer.formConf')!).unFocusedComponentBorder).toBe(false));
  }, 60_000);
});
