import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStylesheet } from './build/antdStylesheet.ts';

/**
 * antd's Button and Tag styles take one small function, isBright, from the module of the colour picker's presets
 * panel, which imports Collapse. Once a page can show a colour picker (the form renderer's colour fields), that
 * module's imports are live, and the login page, which has a Button, would load Collapse and the picker's parts:
 * 6.3 KB gzip over its 250 KB budget (docs/web-pages.md). The styles get the same function from here instead.
 */
function antdIsBrightOnItsOwn(): Plugin {
  const id = '\0antd-is-bright';
  return {
    name: 'antd-is-bright-on-its-own',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.endsWith('/color-picker/components/ColorPresets') && importer && /antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer)) return id;
      return null;
    },
    load(loaded) {
      if (loaded !== id) return null;
      // antd 6 color-picker/components/ColorPresets.js, isBright (RcColor is a FastColor reading rgb the same way)
      return `import { FastColor } from '@ant-design/fast-color';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new FastColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build (over 1 KB), which the server sends as they are
 * (@fastify/static's preCompressed): 1.5 MB of script for a page becomes about 0.4 MB on the wire, and the server
 * spends nothing per call on compressing.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes('/.vite/')) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
      }
    },
  };
}

// where /api goes in `vite` and `vite preview`: scripts/dev.mjs (npm run dev) sets it from the server's PORT
const apiTarget = process.env.API_TARGET || 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), antdIsBrightOnItsOwn(), antdStylesheet(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest lets scripts/bundle-size.mjs work out what /user/login loads first
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
