import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { endpointsModule } from '../packages/contracts/src/api/endpointsModule.ts';
import { antdStylesheet } from './build/antdStylesheet.ts';
import { earlyCalls } from './build/earlyCalls.ts';
import { rcTableMeasure } from './build/rcTableMeasure.ts';

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

/** The chunks of a typed URL of a page, beside the entry. */
const FIRST_LOAD_CHUNKS = ['routes', 'shell', 'table'];
/**
 * Modules none of those may hold: the form rules' pattern engine (re2js, 150 KB minified) runs only when a form checks
 * a value or a designer reads a schema; it came into the `table` chunk through a helper of the schema parser that a
 * field kind imported (packages/contracts/src/forms/kinds/shared.ts readScalar).
 */
const NOT_BEFORE_USABLE = /node_modules[\\/]re2js[\\/]/;

/**
 * Fewer, larger chunks on the way to a page (docs/web-pages.md, "Speed"). Left to itself the bundler splits the
 * modules shared by the entry and the lazy parts into small common chunks: a typed URL of a table page fetched 80
 * to 90 files in three waves (entry, shell, page), and the browser handles each file's answer in tasks of its own,
 * which on a busy machine cost more than the bytes. Four groups, by what each part imports statically:
 * - `app`: everything /user/login loads before it shows (the entry's static imports): the same code in one file,
 *   and less of it gzipped (one file compresses better than thirty);
 * - `routes`: the route table, the access rule and the table metadata query shell/earlyStart.ts needs to start the
 *   page's code and metadata; small, and importing nothing but the entry, so that the page's code and metadata are
 *   asked for while the shell's code still loads;
 * - `shell`: what ManageLayout adds;
 * - `table`: what the generic table page adds (crud/TablePage.tsx and its prefetch), which most pages render.
 * A page's own code and what opens on demand (dialogs, editors) are split as before. A library's index
 * (antd's, the icons', the contracts') re-exports all of it: the walk stops there, so that a group takes only what
 * its part uses through an index and the default splitting places the rest.
 */
const BARREL = /(node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es|packages[\\/]contracts[\\/]src(|[\\/]forms)|web[\\/]src[\\/]api)[\\/]index\.[jt]s$/;
function chunkGroups(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let routes = new Set<string>();
  let shell = new Set<string>();
  let table = new Set<string>();
  const closure = (getInfo: (id: string) => Rolldown.ModuleInfo | null, roots: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      // a library's index re-exports all of it: what the app takes from there is left to the default splitting
      if (seen.has(id) || skip.has(id) || (seen.size > 0 && BARREL.test(id))) continue;
      seen.add(id);
      for (const next of getInfo(id)?.importedIds ?? []) stack.push(next);
    }
    return seen;
  };
  const src = (path: string) => resolve(import.meta.dirname, 'src', path);
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    buildEnd() {
      const getInfo = (id: string) => this.getModuleInfo(id);
      routes = closure(getInfo, ['pages/manageRoutes.ts', 'shell/pageLoader.ts', 'app/menuTree.ts', 'app/access.ts', 'crud/tableMeta.ts'].map(src), new Set());
      shell = closure(getInfo, [src('shell/ManageLayout.tsx')], routes);
      table = closure(getInfo, ['crud/TablePage.tsx', 'crud/prefetch.ts'].map(src), new Set([...routes, ...shell]));
    },
    generateBundle(_options, bundle) {
      // what no page needs before it is usable stays out of the files every typed URL of a page loads (issue 31)
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || FIRST_LOAD_CHUNKS.includes(chunk.name))) continue;
        const late = chunk.moduleIds.find((id) => NOT_BEFORE_USABLE.test(id));
        if (late) this.error(`${late} is in ${chunk.fileName}, which every page loads before it is usable (docs/web-pages.md, "Speed")`);
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', tags: ['$initial'], priority: 4 },
      { name: 'routes', test: (id) => routes.has(id), priority: 3 },
      { name: 'shell', test: (id) => shell.has(id), priority: 2 },
      { name: 'table', test: (id) => table.has(id), priority: 1 },
    ],
  };
}
const chunks = chunkGroups();

// where /api goes in `vite` and `vite preview`: scripts/dev.mjs (npm run dev) sets it from the server's PORT
const apiTarget = process.env.API_TARGET || 'http://127.0.0.1:8080';

export default defineConfig({
  // endpointsModule: the API's path list without its schemas (zod) in the bundle (packages/contracts/src/api/endpointsModule.ts)
  plugins: [react(), endpointsModule(), antdIsBrightOnItsOwn(), rcTableMeasure(), antdStylesheet(), earlyCalls(), precompress(), chunks.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest lets scripts/bundle-size.mjs work out what /user/login loads first
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
