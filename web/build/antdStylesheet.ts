import type { Plugin } from 'vite';
import { APP_THEME } from '../src/app/theme.ts';

/**
 * antd's stylesheet for the app's theme (`import 'virtual:antd.css'`, src/main.tsx). The app runs antd in its
 * zero-runtime mode (src/app/theme.ts): components generate no style while rendering (about 150 ms of a typed URL's
 * main thread, issue 19), and their styles come from this file instead. antd's own antd/dist/antd.css holds the
 * component variables of antd's default theme (an input's focus border #1677ff, the required mark #ff4d4f); this one
 * is extracted with the app's tokens, so every component keeps the contrast the theme chose (docs/accessibility.md).
 * Every component is extracted (a component used later never finds itself unstyled): 110 KB gzip, cached with the build.
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
  };
}

/** antd's styles, every component, with the app's tokens (the runtime theme without its zero-runtime switch). */
export async function extractAntdCss(): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }, { createElement }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
  ]);
  const theme = { ...APP_THEME, zeroRuntime: false, hashed: false };
  return extractStyle((node) => createElement(ConfigProvider, { theme }, node));
}
