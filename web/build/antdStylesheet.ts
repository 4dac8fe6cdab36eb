import type { Plugin } from 'vite';
import { APP_THEME } from '../src/app/theme.ts';

/**
 * The antd components whose styles the stylesheet holds: those the app's code includes (each has its
 * `antd/es/<name>/style/index.js` in the build; the build fails if one is missing here, `antdStylesheet` below).
 * antd has about 70; extracting all of them made a 985 KB stylesheet that every page parses and matches its
 * elements against (issue 31). A component added to the app needs its line here, and the build says so.
 */
export const ANTD_STYLED = [
  'alert',
  'avatar',
  'button',
  'card',
  'cascader',
  'checkbox',
  'collapse',
  'color-picker',
  'date-picker',
  'descriptions',
  'divider',
  'drawer',
  'dropdown',
  'empty',
  'form',
  'grid',
  'image',
  'input',
  'input-number',
  'layout',
  'menu',
  'message',
  'modal',
  'notification',
  'pagination',
  'popconfirm',
  'popover',
  'progress',
  'radio',
  'rate',
  'result',
  'segmented',
  'select',
  'skeleton',
  'slider',
  'space',
  'spin',
  'statistic',
  'switch',
  'table',
  'tabs',
  'tag',
  'tooltip',
  'tree',
  'tree-select',
  'typography',
  'upload',
];

/** The export that renders a style directory's component (extractStyle renders each export by its name). */
function exportNames(dir: string): string[] {
  if (dir === 'grid') return ['Row', 'Col']; // extractStyle skips `Grid` itself
  if (dir === 'message' || dir === 'notification') return [dir];
  return [dir.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())];
}

const STYLE_MODULE = /node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/]index\.js$/;

/**
 * antd's stylesheet for the app's theme (`import 'virtual:antd.css'`, src/main.tsx). The app runs antd in its
 * zero-runtime mode (src/app/theme.ts): components generate no style while rendering (about 150 ms of a typed URL's
 * main thread, issue 19), and their styles come from this file instead. antd's own antd/dist/antd.css holds the
 * component variables of antd's default theme (an input's focus border #1677ff, the required mark #ff4d4f); this one
 * is extracted with the app's tokens, and its rules read the component variables antd's runtime writes for the theme
 * (zero-runtime still registers them for each component it renders), so every component keeps the contrast the
 * theme chose (docs/accessibility.md).
 * Only the components of ANTD_STYLED are extracted; at the end of a build every antd component style module the app's
 * code includes is checked against that list (a component without its styles fails the build).
 */
export function antdStylesheet(): Plugin {
  const id = 'virtual:antd.css';
  const resolved = '\0antd-theme.css';
  return {
    name: 'antd-stylesheet',
    resolveId: (source) => (source === id ? resolved : null),
    async load(loaded) {
      if (loaded !== resolved) return null;
      return extractAntdCss();
    },
    generateBundle(_, bundle) {
      const missing = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [moduleId, { renderedLength }] of Object.entries(file.modules)) {
          const dir = STYLE_MODULE.exec(moduleId)?.[1];
          if (dir && renderedLength > 0 && !ANTD_STYLED.includes(dir)) missing.add(dir);
        }
      }
      if (missing.size)
        this.error(
          `antd components without their styles in virtual:antd.css: ${[...missing].join(', ')} (add them to ANTD_STYLED, web/build/antdStylesheet.ts)`,
        );
    },
  };
}

/**
 * antd's styles for the components of ANTD_STYLED, with the app's tokens (the runtime theme without its zero-runtime
 * switch). Without the blocks of root and component CSS variables extractStyle writes under the class of its own
 * server-rendered ConfigProviders (`.css-var-_R_…`, from React's server useId): in the browser the ConfigProvider's
 * class is the client's (`css-var-_r_…`) and antd's runtime writes those variables itself, so they matched nothing
 * (76 KB).
 */
export async function extractAntdCss(): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }, { createElement }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
  ]);
  const theme = { ...APP_THEME, zeroRuntime: false, hashed: false };
  const css = extractStyle({
    includes: ANTD_STYLED.flatMap(exportNames),
    customTheme: (node) => createElement(ConfigProvider, { theme }, node),
  });
  return dropServerCssVars(css);
}

/** The CSS without its top-level rules whose every selector names a server-rendered css-var class (`.css-var-_R_…`). */
export function dropServerCssVars(css: string): string {
  let out = '';
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      const rule = css.slice(start, i + 1);
      const selectors = rule.slice(0, rule.indexOf('{')).split(',');
      if (!selectors.every((selector) => selector.includes('.css-var-_R_'))) out += rule;
      start = i + 1;
    }
  }
  return out + css.slice(start);
}
