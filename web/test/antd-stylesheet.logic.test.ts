import { describe, expect, it } from 'vitest';
import { extractAntdCss } from '../build/antdStylesheet.ts';
import { A11Y_COLORS } from '../src/app/theme.ts';

/**
 * The app runs antd without generating styles (zero-runtime): the build extracts them with the app's tokens. antd's
 * own antd/dist/antd.css would bring the default theme's component colours back (the focus border #1677ff, the
 * required mark #ff4d4f at 3.3:1), which the theme moved for contrast.
 */
describe('the antd stylesheet the build makes', () => {
  it('holds the components with the app theme’s colours, unhashed, and none of the default ones the theme replaced', async () => {
    const css = await extractAntdCss();
    expect(css).toContain(`--ant-form-label-required-mark-color:${A11Y_COLORS.error}`);
    expect(css).toContain(`--ant-input-active-border-color:${A11Y_COLORS.primary}`);
    for (const component of ['.ant-btn', '.ant-table', '.ant-select-dropdown', '.ant-picker-dropdown', '.ant-modal', '.ant-color-picker', '.ant-upload']) {
      expect(css, component).toContain(component);
    }
    // the runtime renders unhashed class names (theme.ts hashed: false): so are the selectors
    expect(css).not.toMatch(/:where\(\.css-/);
    // antd's palette keeps its red-5; no component colour is the default error red the theme replaced (the default
    // blue stays where the theme asks for it: the focus ring and what antd derives from it, A11Y_COLORS.focus)
    const defaults = css.match(/--ant-[a-z-]*(?:color|border|bg)[a-z-]*:#ff4d4f/g) ?? [];
    expect(defaults).toEqual([]);
  }, 60_000);
});
