import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseFormSchema } from '@qb/contracts';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { STORAGE_KEYS } from '../src/designer/storage.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

const names = () => [...screen.getByTestId('designer-canvas').querySelectorAll('[data-testid^="node-"]')].map((n) => n.getAttribute('data-testid'));

describe('designer sample and 运行 (issue 19 #10, #9)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await setLanguage('zh-CN');
  });

  it('a fresh profile shows SPEC.md §2’s sample: mobile, phone placeholder, max 11, required, phone pattern', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    expect(names()).toEqual(['node-mobile']);
    const node = screen.getByTestId('node-mobile');
    expect(within(node).getByText('手机号')).toBeTruthy();
    expect(within(node).getByPlaceholderText('请输入手机号')).toBeTruthy();
    await user.click(node);
    expect((screen.getByTestId('prop-maxLength') as HTMLInputElement).value).toBe('11');
    expect(screen.getByTestId('prop-required').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('pattern-0') as HTMLInputElement).value).toBe('^1(3|4|5|7|8|9)\\d{9}$');
    expect((screen.getByTestId('pattern-message-0') as HTMLInputElement).value).toBe('手机号格式错误');
    // the first item added is still 101 (SPEC.md §9 counter 100)
    await user.click(screen.getByTestId('palette-number'));
    expect(names()).toEqual(['node-mobile', 'node-field101']);
    // stored like any change: a reload keeps both, an emptied canvas stays empty
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.items)).toContain('field101'));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.items)!);
    expect(parseFormSchema({ version: 2, fields: stored }).ok).toBe(true);
  }, 60_000);

  it('an emptied designer stays empty', () => {
    startWithEmptyDesigner();
    renderWithApp(<DesignerWorkspace />);
    expect(names()).toEqual([]);
    expect(screen.getByText('从左侧拖入或点选组件进行表单设计')).toBeTruthy();
  }, 60_000);

  it('each 运行 starts from the defaults, not from the values of the run before', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('designer-run'));
    const input = await within(await screen.findByTestId('designer-preview')).findByPlaceholderText('请输入手机号');
    await user.type(input, '13800138000');
    expect((input as HTMLInputElement).value).toBe('13800138000');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('designer-preview')).toBeNull());
    await user.click(screen.getByTestId('designer-run'));
    const again = await within(await screen.findByTestId('designer-preview')).findByPlaceholderText('请输入手机号');
    expect((again as HTMLInputElement).value).toBe('');
  }, 60_000);
});
