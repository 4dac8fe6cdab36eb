import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import FormDesignerDialog from '../src/designer/FormDesignerDialog.tsx';
import { STORAGE_KEYS } from '../src/designer/storage.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

const canvas = () => screen.getByTestId('designer-canvas');
const names = () => [...canvas().querySelectorAll('[data-testid^="node-"]')].map((n) => n.getAttribute('data-testid'));

describe('designer workspace', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  }, 60_000);

  it('shows the empty hint, adds by click and Enter, edits properties, copies, deletes with the key, undoes and redoes', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    expect(screen.getByText('从左侧拖入或点选组件进行表单设计')).toBeTruthy();
    expect(screen.getByText('组件属性')).toBeTruthy();
    expect(screen.getByText('表单属性')).toBeTruthy();
    await user.click(screen.getByTestId('palette-text'));
    screen.getByTestId('palette-rate').focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['node-field101', 'node-field102']);
    expect(screen.queryByText('从左侧拖入或点选组件进行表单设计')).toBeNull();
    // the rate is active: its properties show; show text turns show score off
    await user.click(screen.getByTestId('prop-showScore'));
    await user.click(screen.getByTestId('prop-showText'));
    expect(screen.getByTestId('prop-showScore').getAttribute('aria-checked')).toBe('false');
    // select the text field, rename it and label it
    await user.click(screen.getByTestId('node-field101'));
    const name = screen.getByTestId('prop-name');
    await user.clear(name);
    await user.type(name, 'mobile');
    expect(names()).toEqual(['node-mobile', 'node-field102']);
    await user.clear(name);
    await user.type(name, '1x');
    expect(screen.getByText(/字段名须以字母/)).toBeTruthy();
    expect(names()).toEqual(['node-mobile', 'node-field102']);
    await user.clear(name);
    await user.type(name, 'mobile');
    const label = screen.getByTestId('prop-label');
    await user.clear(label);
    await user.type(label, '手机号');
    expect(within(screen.getByTestId('node-mobile')).getByText('手机号')).toBeTruthy();
    await user.click(screen.getByTestId('tool-copy'));
    expect(names()).toEqual(['node-mobile', 'node-field103', 'node-field102']);
    // Delete on a focused item removes it and activates the last
    const copy = screen.getByTestId('node-field103');
    copy.focus();
    fireEvent.keyDown(copy, { key: 'Delete' });
    expect(names()).toEqual(['node-mobile', 'node-field102']);
    expect(screen.getByTestId('node-field102').className).toContain('is-active');
    // Alt+ArrowUp moves it up
    const rate = screen.getByTestId('node-field102');
    fireEvent.keyDown(rate, { key: 'ArrowUp', altKey: true });
    expect(names()).toEqual(['node-field102', 'node-mobile']);
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'z', ctrlKey: true });
    expect(names()).toEqual(['node-mobile', 'node-field102']);
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(names()).toEqual(['node-field102', 'node-mobile']);
    await user.click(screen.getByTestId('designer-undo'));
    expect(names()).toEqual(['node-mobile', 'node-field102']);
  }, 60_000);

  it('keeps the canvas in the browser 340 ms after a change and restores it on open', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-row'));
    await user.click(screen.getByTestId('palette-date'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.items)).toContain('field102'));
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe('1.2');
    unmount();
    renderWithApp(<DesignerWorkspace />);
    expect(names()).toEqual(['node-row101', 'node-field102']);
    await user.click(screen.getByTestId('palette-text'));
    expect(names()).toContain('node-field103');
  }, 60_000);

  it('clears after the confirm and starts again at 101', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('designer-clear'));
    expect(await screen.findByText('确定要清空所有组件吗？')).toBeTruthy();
    await user.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(names()).toEqual([]));
    await user.click(screen.getByTestId('palette-select'));
    expect(names()).toEqual(['node-field101']);
  }, 60_000);

  it('asks for a type and a file name before generating', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('designer-generate'));
    const fileName = (await screen.findByTestId('generate-file-name')) as HTMLInputElement;
    expect(fileName.value).toMatch(/^\d{14}\.tsx$/);
    await user.clear(fileName);
    await user.click(screen.getByTestId('generate-ok'));
    expect(await screen.findByText('请输入文件名')).toBeTruthy();
  }, 60_000);

  it('shows English texts', async () => {
    await setLanguage('en-US');
    renderWithApp(<DesignerWorkspace />);
    expect(screen.getByText('Drag or click components from the left to design the form')).toBeTruthy();
    expect(screen.getByTestId('palette-text').textContent).toContain('Single-line text');
  }, 60_000);
});

describe('form design dialog', () => {
  beforeEach(() => setLanguage('zh-CN'));
  it('opens a given schema (version 1 too), leaves the stored workspace alone and confirms the edited schema', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithApp(
      <FormDesignerDialog
        open
        onCancel={() => {}}
        onConfirm={onConfirm}
        initialSchema={{ fields: [{ __config__: { label: '手机号', tag: 'el-input', layout: 'colFormItem', required: true }, __vModel__: 'mobile' }] }}
      />,
    );
    expect(await screen.findByText('表单设计')).toBeTruthy();
    expect(names()).toEqual(['node-mobile']);
    await user.click(screen.getByTestId('palette-number'));
    await user.click(document.querySelector('.qb-designer-dialog .ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0][0].fields.map((f: { name: string }) => f.name)).toEqual(['mobile', 'field102']);
    await new Promise((r) => setTimeout(r, 400));
    expect(localStorage.getItem(STORAGE_KEYS.items)).toBeNull();
  }, 60_000);

  it('refuses to confirm a form the schema check refuses (an empty label) and says why', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithApp(<FormDesignerDialog open onCancel={() => {}} onConfirm={onConfirm} />);
    await user.click(await screen.findByTestId('palette-text'));
    await user.clear(screen.getByTestId('prop-label'));
    await user.click(document.querySelector('.qb-designer-dialog .ant-modal-footer .ant-btn-primary')!);
    expect((await screen.findByTestId('designer-invalid')).textContent).toMatch(/表单有误.*fields\[0\]\.label/);
    expect(onConfirm).not.toHaveBeenCalled();
  }, 60_000);
});
