// Bundles the server's TypeScript (and the shared contracts) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

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
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@qb/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
