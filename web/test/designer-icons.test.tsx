import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { STORAGE_KEYS } from '../src/designer/storage.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

// The icon keys in 组件属性: the icon picker (forms/IconPicker.tsx) sets prefixIcon / suffixIcon / icon.

/** The stored fields once the 340 ms write has happened and `check` holds for them. */
async function storedFields(check: (fields: Record<string, unknown>[]) => void) {
  let fields: Record<string, unknown>[] = [];
  await waitFor(() => {
    fields = JSON.parse(localStorage.getItem(STORAGE_KEYS.items) ?? '[]') as Record<string, unknown>[];
    check(fields);
  });
  return fields;
}

describe('designer icon picker', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  }, 60_000);

  it('picks a prefix and a suffix icon by keyboard, shows them on the canvas, clears one; a button’s icon by click', async () => {
    const user = userEvent.setup();
    // motion off: a closed dialog is gone at once (jsdom never ends a closing animation, and a dialog still
    // closing kept its focus lock, which could pull the focus out of the next dialog on a loaded machine)
    renderWithApp(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <DesignerWorkspace />
      </ConfigProvider>,
    );
    await user.click(screen.getByTestId('palette-text'));
    expect(screen.getByText('前图标')).toBeTruthy();
    expect(screen.getByText('后图标')).toBeTruthy();

    // keyboard: focus the picker's button, Enter opens the dialog, typing filters, Enter takes the first match
    const prefixOpen = screen.getByTestId('prop-prefixIcon-open');
    expect(prefixOpen.getAttribute('aria-label')).toBe('前图标');
    prefixOpen.focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByTestId('icon-picker-search');
    // (the search box takes the focus in a browser; jsdom does not run antd's autofocus in a dialog)
    await user.type(search.querySelector('input') ?? search, 'lock{Enter}');
    await waitFor(() => expect(screen.getByTestId('prop-prefixIcon-open').getAttribute('aria-label')).toBe('前图标：LockOutlined'));
    // the dialog is gone: the Enter that picked did not reach the opener the focus went back to (it reopened it)
    await waitFor(() => expect(screen.queryAllByTestId('icon-picker-grid')).toHaveLength(0));
    expect(document.activeElement).toBe(prefixOpen);
    const node = screen.getByTestId('node-field101');
    await waitFor(() => expect(node.querySelector('.ant-input-prefix [data-icon="LockOutlined"]')).not.toBeNull());

    // the suffix: arrows move through the grid, Enter picks the focused icon
    screen.getByTestId('prop-suffixIcon-open').focus();
    await user.keyboard('{Enter}');
    const grid = await screen.findByTestId('icon-picker-grid');
    // the first dialog is gone, and the focus is in this one before the arrows are tried
    expect(screen.getAllByTestId('icon-picker-search')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('icon-picker-search').closest('.ant-modal')?.contains(document.activeElement)).toBe(true));
    const icons = within(grid).getAllByRole('button');
    icons[0]!.focus();
    expect(document.activeElement).toBe(icons[0]);
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toBe(icons[7]);
    const chosen = icons[7]!.getAttribute('title')!;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(node.querySelector(`.ant-input-suffix [data-icon="${chosen}"]`)).not.toBeNull());
    await storedFields((f) => expect(f[0]).toMatchObject({ kind: 'text', prefixIcon: 'LockOutlined', suffixIcon: chosen }));

    // clearing removes the key (not an empty name the schema would refuse)
    await user.click(screen.getByTestId('prop-prefixIcon-clear'));
    await storedFields((f) => expect(f[0]).not.toHaveProperty('prefixIcon'));
    expect(node.querySelector('.ant-input-prefix [data-icon]')).toBeNull();
    // one undo brings it back
    await user.click(screen.getByTestId('designer-undo'));
    await storedFields((f) => expect(f[0]).toMatchObject({ prefixIcon: 'LockOutlined' }));

    // a button: the icon by click
    await user.click(screen.getByTestId('palette-button'));
    expect(screen.queryByTestId('prop-prefixIcon-open')).toBeNull();
    await user.click(screen.getByTestId('prop-icon-open'));
    await user.click((await screen.findAllByTestId('icon-BarChartOutlined')).at(-1)!);
    await storedFields((f) => expect(f[1]).toMatchObject({ kind: 'button', icon: 'BarChartOutlined' }));
    await waitFor(() => expect(screen.getByTestId('node-field102').querySelector('.ant-btn [data-icon="BarChartOutlined"]')).not.toBeNull());
  }, 60_000);

  it('offers no icon keys on kinds without them', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-textarea'));
    expect(screen.queryByTestId('prop-prefixIcon-open')).toBeNull();
    await user.click(screen.getByTestId('palette-password'));
    expect(screen.getByTestId('prop-prefixIcon-open')).toBeTruthy();
    expect(screen.getByTestId('prop-suffixIcon-open')).toBeTruthy();
  }, 60_000);
});
