// Bundles the server's TypeScript (and the shared contracts) into dist/main.js; npm packages stay external.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The features' routes (server/src/http/foundRoutes.ts reads server/src/<feature>/routes.ts from the folder at run
 * time): written here as static imports, so the bundle holds them.
 */
function foundRoutesModule() {
  const src = new URL('./src/', import.meta.url);
  const features = readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/routes.ts`, src)))
    .map((e) => e.name)
    .sort();
  const imports = features.map((f, i) => `import * as m${i} from '../${f}/routes.ts';`).join('\n');
  const list = features.map((f, i) => `[${JSON.stringify(f)}, m${i}]`).join(', ');
  return `${imports}\nexport async function foundRoutesModules() {\n  return [${list}];\n}\n`;
}

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'found-routes',
      setup(b) {
        b.onLoad({ filter: /[\\/]src[\\/]http[\\/]foundRoutes\.ts$/ }, () => ({
          contents: foundRoutesModule(),
          loader: 'ts',
          resolveDir: fileURLToPath(new URL('./src/http/', import.meta.url)),
        }));
      },
    },
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@qb/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
