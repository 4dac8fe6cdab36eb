/**
 * The web app's `@qb/contracts/endpoints`, as its bundle holds it: the path list made from the declarations at build
 * time (api/endpoints.ts) and served as a module of that list alone, so the bundle carries no zod and no schema (the
 * login page's entry chunk has a 250 KB gzip budget, web/scripts/bundle-size.mjs). A Vite plugin, in
 * web/vite.config.ts and the early-calls script's build; the web's type check and its unit tests read api/endpoints.ts
 * itself (same list, same types). The list is read in a process of its own under tsx: the declarations are found in
 * their folder at load (api/foundRecords.ts), which the bundled Vite config cannot import.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The module's text: the list as a literal, importing nothing. */
export function endpointsModuleText(endpoints: unknown): string {
  return `// made from packages/contracts/src/api (api/endpointsModule.ts)\nexport const endpoints = ${JSON.stringify(endpoints)};\n`;
}

/** The path list of the declarations, read by a Node process under tsx (from the repository's root, where tsx is installed). */
export function readEndpoints(): unknown {
  const endpointsFile = new URL('./endpoints.ts', import.meta.url).href;
  const script = `const { endpoints } = await import(${JSON.stringify(endpointsFile)}); process.stdout.write(JSON.stringify(endpoints));`;
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

const SOURCE = '@qb/contracts/endpoints';
const ID = '\0qb-contracts-endpoints';

/** The Vite (or Rolldown) plugin: resolves `@qb/contracts/endpoints` to the list alone (a structural type: contracts has no Vite). */
export function endpointsModule(read: () => unknown = readEndpoints): {
  name: string;
  enforce: 'pre';
  resolveId(source: string): string | null;
  load(id: string): string | null;
} {
  let text: string | undefined;
  return {
    name: 'qb-contracts-endpoints',
    enforce: 'pre',
    resolveId: (source) => (source === SOURCE ? ID : null),
    load: (id) => (id === ID ? (text ??= endpointsModuleText(read())) : null),
  };
}
