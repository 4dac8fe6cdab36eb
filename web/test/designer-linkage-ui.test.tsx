import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { STORAGE_KEYS } from '../src/designer/storage.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

// 联动 in 组件属性 (LinkageEditor.tsx), used by keyboard, seen working in 运行.

async function storedFields(check: (fields: Record<string, unknown>[]) => void) {
  await waitFor(() => check(JSON.parse(localStorage.getItem(STORAGE_KEYS.items) ?? '[]') as Record<string, unknown>[]));
}

/** The option with this text in the open dropdown (jsdom keeps closed ones around: the last match is the open one). */
async function option(text: string) {
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toContain(text));
  return [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${text}"]`)].at(-1)!;
}

/** A key on a focused select (rc-select reads keyCode, which user-event's keyboard does not set). */
function press(el: HTMLElement, key: 'ArrowDown' | 'Enter' | 'Escape') {
  const keyCode = { ArrowDown: 40, Enter: 13, Escape: 27 }[key];
  fireEvent.keyDown(el, { key, keyCode, which: keyCode });
}

describe('designer linkage editor', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  }, 120_000);

  it('shows a text field only when the radio equals 选项二: built by keyboard, stored, and working in 运行', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-radio'));
    // the radio alone: nothing to name yet
    expect(screen.getByText('联动')).toBeTruthy();
    expect(screen.getByTestId('linkage-add').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('linkage-no-targets').textContent).toBe('表单中还没有其他可作条件的字段');
    await user.click(screen.getByTestId('palette-text'));

    // the text field is active: add a rule by keyboard
    screen.getByTestId('linkage-add').focus();
    await user.keyboard('{Enter}');
    const rule = screen.getByRole('group', { name: '联动规则 1' });
    const fieldBox = within(rule).getByRole('combobox', { name: '联动规则 1 的条件字段' });
    expect(rule.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toContain('(field101)');
    // the field list: the other value fields only (the radio), by label and name
    fieldBox.focus();
    press(fieldBox, 'ArrowDown');
    await option('单选框组 (field101)');
    expect(document.querySelector('.ant-select-item-option[title="单行文本 (field102)"]')).toBeNull();
    press(fieldBox, 'Escape');

    // 等于 through the keyboard: the value becomes the radio's options, the first chosen
    const opBox = within(rule).getByRole('combobox', { name: '联动规则 1 的条件' });
    opBox.focus();
    press(opBox, 'ArrowDown');
    await option('等于');
    press(opBox, 'ArrowDown');
    press(opBox, 'ArrowDown');
    press(opBox, 'Enter');
    await storedFields((f) => expect(f[1]).toMatchObject({ linkage: [{ when: { field: 'field101', op: 'equals', value: 1 }, then: 'show' }] }));
    const valueBox = within(rule).getByRole('combobox', { name: '联动规则 1 的值' });
    valueBox.focus();
    press(valueBox, 'ArrowDown');
    await option('选项二');
    press(valueBox, 'ArrowDown');
    press(valueBox, 'Enter');
    await storedFields((f) => expect(f[1]).toMatchObject({ linkage: [{ when: { field: 'field101', op: 'equals', value: 2 }, then: 'show' }] }));
    // the effect list offers the four effects
    const thenBox = within(rule).getByRole('combobox', { name: '联动规则 1 的效果' });
    thenBox.focus();
    press(thenBox, 'ArrowDown');
    for (const e of ['显示', '隐藏', '必填', '禁用']) await option(e);
    press(thenBox, 'Escape');

    // 运行: the text field shows once the radio is 选项二, and goes again with 选项一
    await user.click(screen.getByTestId('designer-run'));
    const preview = await screen.findByTestId('designer-preview');
    await waitFor(() => expect(within(preview).getByText('单选框组')).toBeTruthy());
    expect(within(preview).queryByText('单行文本')).toBeNull();
    await user.click(within(preview).getByRole('radio', { name: '选项二' }));
    await waitFor(() => expect(within(preview).getByText('单行文本')).toBeTruthy());
    await user.click(within(preview).getByRole('radio', { name: '选项一' }));
    await waitFor(() => expect(within(preview).queryByText('单行文本')).toBeNull());
  }, 120_000);

  it('renaming the radio updates the rule, deleting it removes the rule (undo brings it back); remove by button; English', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-radio'));
    await user.click(screen.getByTestId('palette-number'));
    await user.click(screen.getByTestId('linkage-add'));
    await storedFields((f) => expect(f[1]).toMatchObject({ linkage: [{ when: { field: 'field101', op: 'filled' }, then: 'show' }] }));

    // rename the radio: the rule of the number follows
    await user.click(screen.getByTestId('node-field101'));
    const name = screen.getByTestId('prop-name');
    await user.clear(name);
    await user.type(name, 'kind');
    await storedFields((f) => expect(f[1]).toMatchObject({ linkage: [{ when: { field: 'kind' } }] }));
    await user.click(screen.getByTestId('node-field102'));
    expect(within(screen.getByTestId('linkage-rule-0')).getByText('单选框组 (kind)')).toBeTruthy();

    // delete the radio: the rule goes; undo: both come back
    await user.click(screen.getByTestId('node-kind'));
    screen.getByTestId('node-kind').focus();
    await user.keyboard('{Delete}');
    await storedFields((f) => expect(f).toHaveLength(1));
    await storedFields((f) => expect(f[0]).not.toHaveProperty('linkage'));
    expect(screen.queryByTestId('linkage-rule-0')).toBeNull();
    await user.click(screen.getByTestId('designer-undo'));
    await storedFields((f) => expect(f[1]).toMatchObject({ linkage: [{ when: { field: 'kind' } }] }));
    await user.click(screen.getByTestId('node-field102'));

    // English texts; the remove button by name
    await setLanguage('en-US');
    expect(await screen.findByText('Linkage')).toBeTruthy();
    const rule = screen.getByRole('group', { name: 'Linkage rule 1' });
    expect(within(rule).getByText('When')).toBeTruthy();
    expect(within(rule).getByText('is filled')).toBeTruthy();
    await user.click(within(rule).getByRole('button', { name: 'Remove linkage rule 1' }));
    await storedFields((f) => expect(f[1]).not.toHaveProperty('linkage'));
    expect(screen.queryByRole('group', { name: 'Linkage rule 1' })).toBeNull();
  }, 120_000);
});
