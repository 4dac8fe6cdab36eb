import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

/** Issue 19 #7: a select switched to 动态数据 fetches nothing until a read route is given; 静态数据 brings its options back. */
let calls: FakeCall[];
beforeEach(async () => {
  startWithEmptyDesigner();
  await setLanguage('zh-CN');
  calls = fakeFetch((call) =>
    call.url.pathname === '/api/system/menu/' ? ok([{ id: 1, text: '系统管理' }]) : { status: 404, body: { status: false, message: 'not found' } },
  );
});
afterEach(() => vi.unstubAllGlobals());

const apiCalls = () => calls.filter((c) => c.url.pathname.startsWith('/api/'));
const optionLabels = () => screen.queryAllByLabelText(/^选项名 \d+$/).map((i) => (i as HTMLInputElement).value);

describe('designer option source', () => {
  it('fetches nothing for the new dynamic source nor for a half-typed url, and restores the static options', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(await screen.findByTestId('palette-select'));
    await user.clear(screen.getByLabelText('选项名 1'));
    await user.type(screen.getByLabelText('选项名 1'), '红色');
    expect(optionLabels()).toEqual(['红色', '选项二']);

    await user.click(screen.getByText('动态数据'));
    const url = screen.getByTestId('option-url') as HTMLInputElement;
    expect(screen.getByText(/请在地址中写明数据表/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(apiCalls()).toEqual([]);
    expect(screen.queryByText('选项加载失败')).toBeNull();

    // a url that is not a read route yet: red, not applied, not fetched
    await user.clear(url);
    await user.type(url, '/api/sys');
    await user.tab();
    expect(url.getAttribute('class')).toContain('status-error');
    expect(apiCalls()).toEqual([]);

    // a read route, applied on Enter: fetched once with GET, its options drawn
    await user.clear(url);
    await user.type(url, '/api/system/menu/{Enter}');
    await waitFor(() => expect(apiCalls().map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /api/system/menu/'));
    expect(apiCalls().every((c) => c.url.pathname === '/api/system/menu/')).toBe(true);

    // back to 静态数据: the options typed before
    await user.click(screen.getByText('静态数据'));
    expect(optionLabels()).toEqual(['红色', '选项二']);
    expect(within(screen.getByTestId('designer-canvas')).queryByText('选项加载失败')).toBeNull();
  }, 60_000);
});
