// Bundles the server's TypeScript (and the shared contracts) into dist/main.js; npm packages stay external.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Modules found in their folder at run time, written here as static imports so that the bundle holds them: the
 * features' routes (server/src/http/foundRoutes.ts reads server/src/<feature>/routes.ts) and the files declaring the
 * API's calls (packages/contracts/src/api/foundRecords.ts), each module in the order of its name, as at run time.
 */
function foundModule(names, importOf, exportName, extra = '') {
  const imports = names.map((n, i) => `import * as m${i} from ${JSON.stringify(importOf(n))};`).join('\n');
  const list = names.map((n, i) => `[${JSON.stringify(n)}, m${i}]`).join(', ');
  return `${imports}\n${extra}export async function ${exportName}() {\n  return [${list}];\n}\n`;
}
const serverSrc = new URL('./src/', import.meta.url);
const apiFolder = new URL('../packages/contracts/src/api/', import.meta.url);
const FOUND = [
  {
    filter: /[\\/]server[\\/]src[\\/]http[\\/]foundRoutes\.ts$/,
    dir: new URL('./http/', serverSrc),
    contents: () => {
      const features = readdirSync(serverSrc, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/routes.ts`, serverSrc)))
        .map((e) => e.name)
        .sort();
      return foundModule(features, (f) => `../${f}/routes.ts`, 'foundRoutesModules');
    },
  },
  {
    filter: /[\\/]packages[\\/]contracts[\\/]src[\\/]api[\\/]foundRecords\.ts$/,
    dir: apiFolder,
    contents: () => {
      // the same files as at run time: the module's own list of the files that declare nothing, read from its text
      const source = readFileSync(new URL('foundRecords.ts', apiFolder), 'utf8');
      const listed = source.match(/NOT_DECLARING = new Set\(\[([^\]]*)\]\)/)?.[1];
      if (!listed) throw new Error('packages/contracts/src/api/foundRecords.ts: NOT_DECLARING not found');
      const notDeclaring = new Set(
        listed
          .split(',')
          .map((f) => f.trim().replace(/^'|'$/g, ''))
          .filter(Boolean),
      );
      const files = readdirSync(apiFolder)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !notDeclaring.has(f))
        .sort();
      return foundModule(files, (f) => `./${f}`, 'foundRecordModules', `export const NOT_DECLARING = new Set(${JSON.stringify([...notDeclaring])});\n`);
    },
  },
];

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
      name: 'found-modules',
      setup(b) {
        for (const found of FOUND) {
          b.onLoad({ filter: found.filter }, () => ({ contents: found.contents(), loader: 'ts', resolveDir: fileURLToPath(found.dir) }));
        }
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
