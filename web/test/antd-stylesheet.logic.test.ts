import { describe, expect, it } from 'vitest';
import { dropServerCssVars, extractAntdCss } from '../build/antdStylesheet.ts';

/**
 * The app runs antd without generating styles (zero-runtime): the build extracts them with the app's tokens. antd's
 * own antd/dist/antd.css would bring the default theme's component colours back (the focus border #1677ff, the
 * required mark #ff4d4f at 3.3:1), which the theme moved for contrast.
 */
describe('the antd stylesheet the build makes', () => {
  it('holds the styles of the components the app uses, unhashed, reading the theme’s colours from variables', async () => {
    const css = await extractAntdCss();
    // the component variables themselves (the theme's colours) are written by antd's runtime for each component it
    // renders (under the ConfigProvider's class, css-var-_r_…): the rules read them
    expect(css).toContain('color:var(--ant-form-label-required-mark-color)');
    for (const component of ['.ant-btn', '.ant-table', '.ant-select-dropdown', '.ant-picker-dropdown', '.ant-modal', '.ant-color-picker', '.ant-upload']) {
      expect(css, component).toContain(component);
    }
    // the runtime renders unhashed class names (theme.ts hashed: false): so are the selectors
    expect(css).not.toMatch(/:where\(\.css-/);
    // antd's palette keeps its red-5; no component colour is the default error red the theme replaced (the default
    // blue stays where the theme asks for it: the focus ring and what antd derives from it)
    const defaults = css.match(/--ant-[a-z-]*(?:color|border|bg)[a-z-]*:#ff4d4f/g) ?? [];
    expect(defaults).toEqual([]);
    // issue 31: only the components the app uses (build/antdStylesheet.ts ANTD_STYLED), and no variables under the
    // class of extractStyle's own server-rendered ConfigProviders (they match nothing in the browser)
    for (const unused of ['.ant-tour', '.ant-transfer', '.ant-steps', '.ant-carousel', '.ant-mentions']) expect(css, unused).not.toContain(unused);
    expect(css).not.toContain('.css-var-_R_');
  }, 60_000);

  it('drops the rules every selector of which names a server-rendered css-var class, and keeps the rest', () => {
    const css =
      '.css-var-_R_0_{--ant-blue:#1677ff}.css-var-_R_0_.ant-btn-css-var,.css-var-_R_1_.ant-css-var{--x:1}.ant-btn{color:red}.css-var-_R_0_ .a,.b{color:blue}@media (width>=576px){.ant-col-sm-1{display:block}}';
    expect(dropServerCssVars(css)).toBe('.ant-btn{color:red}.css-var-_R_0_ .a,.b{color:blue}@media (width>=576px){.ant-col-sm-1{display:block}}');
  });
});
