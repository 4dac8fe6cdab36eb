import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { endpointsModule } from '../../packages/contracts/src/api/endpointsModule.ts';

/**
 * The script that starts a typed URL's API calls before the app's code (src/boot/earlyCalls.ts, docs/web-pages.md
 * "Speed"): bundled on its own into one small classic script (an IIFE: it must run before the module graph, which
 * only runs once all of the entry has loaded), written as a hashed asset (kept a year, like the others) and loaded
 * first in the page's head, before the stylesheet that would otherwise hold it back. A file of this origin, so the
 * Content-Security-Policy's `script-src 'self'` allows it. Build only: in `vite` the app asks for its calls itself.
 */
/** The code-splitting groups of vite.config.ts that a /manage page loads, whichever page it is (most are table pages). */
const MANAGE_CHUNKS = ['routes', 'shell', 'table'];

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
        return [{ tag: 'script', attrs: { src: `/${fileName}`, ...(manage.length ? { 'data-manage': manage.join(' ') } : {}) }, injectTo: 'head-prepend' }];
      },
    },
  };
}
