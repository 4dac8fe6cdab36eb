import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin, Rolldown } from 'vite';
import { endpointsModule } from '../../packages/contracts/src/api/endpointsModule.ts';
import { isOwnPage, managePages } from '../../packages/contracts/src/pages.ts';

/**
 * The script that starts a typed URL's API calls before the app's code (src/boot/earlyCalls.ts, docs/web-pages.md
 * "Speed"): bundled on its own into one small classic script (an IIFE: it must run before the module graph, which
 * only runs once all of the entry has loaded), written as a hashed asset (kept a year, like the others) and loaded
 * first in the page's head, before the stylesheet that would otherwise hold it back. A file of this origin, so the
 * Content-Security-Policy's `script-src 'self'` allows it. Build only: in `vite` the app asks for its calls itself.
 */
/** The code-splitting groups of vite.config.ts that a /manage page loads, whichever page it is (most are table pages). */
const MANAGE_CHUNKS = ['routes', 'shell', 'table'];

const ROUTES_FILE = resolve(import.meta.dirname, '../src/pages/manageRoutes.ts');

/**
 * What a typed URL of each page with a component of its own opens with, for a path this browser has not opened
 * (issue 31): the table whose metadata it reads first (a generic table page, src/pages/manageRoutes.ts
 * `tablePage(...)`: the first of its declared tables, as shell/earlyStart.ts picks it), and its own code files
 * beyond the chunks every /manage page loads. Written into index.html as `data-pages`
 * (`path=flag:a,b path2=:c` for assets/a.js, assets/b.js, assets/c.js; boot/earlyCalls.ts reads it). The build fails when the
 * route table no longer reads as expected, rather than leaving pages out.
 */
export function pagesAttribute(bundle: Rolldown.OutputBundle): string {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const routes = new Map(
    [...source.matchAll(/^ {2}(\w+): (tablePage|page)\(\s*\(\) => import\('([^']+)'\)/gm)].map((m) => [m[1]!, { table: m[2] === 'tablePage', module: m[3]! }]),
  );
  const own = managePages.filter(isOwnPage);
  if (routes.size !== own.length || own.some((p) => !routes.has(p.path))) {
    throw new Error(`early-calls: src/pages/manageRoutes.ts lists ${routes.size} page modules, the declarations ${own.length} own pages`);
  }
  const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
  const shared = new Set(chunks.filter((c) => c.isEntry || MANAGE_CHUNKS.includes(c.name)).map((c) => c.fileName));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  return own
    .map((p) => {
      const route = routes.get(p.path)!;
      const flag = route.table ? Object.keys(p.tables)[0] : '';
      if (route.table && !flag) throw new Error(`early-calls: the table page ${p.path} declares no table`);
      const moduleId = resolve(ROUTES_FILE, '..', route.module);
      const chunk = chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
      if (!chunk) throw new Error(`early-calls: no chunk holds ${route.module}`);
      // the page's chunk and what it imports statically, but for what every /manage page loads anyway
      const files: string[] = [];
      const visit = (file: string) => {
        if (shared.has(file) || files.includes(file)) return;
        files.push(file);
        for (const next of byFile.get(file)?.imports ?? []) visit(next);
      };
      visit(chunk.fileName);
      // assets/<name>.js written as <name>: index.html is read on every load
      const names = files.map((f) => /^assets\/([\w-]+)\.js$/.exec(f)?.[1]);
      if (names.some((n) => !n)) throw new Error(`early-calls: a chunk of ${p.path} is not assets/<name>.js: ${files.join(', ')}`);
      return `${p.path}=${flag}:${names.join(',')}`;
    })
    .join(' ');
}

export function earlyCalls(): Plugin {
  let fileName = '';
  let code = '';
  return {
    name: 'early-calls',
    apply: 'build',
    async buildStart() {
      // the API's path list alone, without its schemas (packages/contracts/src/api/endpointsModule.ts)
      const bundle = await rolldown({
        input: resolve(import.meta.dirname, '../src/boot/earlyCalls.ts'),
        platform: 'browser',
        logLevel: 'silent',
        plugins: [endpointsModule()],
      });
      const { output } = await bundle.generate({ format: 'iife', minify: true });
      await bundle.close();
      code = output[0].code;
      fileName = `assets/early-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_, ctx) => {
        // the chunks every /manage page loads (vite.config.ts chunkGroups), for a path opened for the first time
        // in this browser: preloaded beside the entry instead of asked for once it has run (issue 31)
        const manage = Object.values(ctx.bundle ?? {})
          .filter((file) => file.type === 'chunk' && !file.isEntry && MANAGE_CHUNKS.includes(file.name))
          .map((file) => `/${file.fileName}`);
        const pages = ctx.bundle ? pagesAttribute(ctx.bundle) : '';
        return [
          {
            tag: 'script',
            attrs: { src: `/${fileName}`, ...(manage.length ? { 'data-manage': manage.join(' ') } : {}), ...(pages ? { 'data-pages': pages } : {}) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
