/**
 * The web app's `@qb/contracts/endpoints`, as its bundle holds it: the path list made from the declarations at build
 * time (api/endpoints.ts) and served as a module of that list alone, so the bundle carries no zod and no schema (the
 * login page's entry chunk has a 250 KB gzip budget, web/scripts/bundle-size.mjs). A Vite plugin, in
 * web/vite.config.ts; the web's type check and its unit tests read api/endpoints.ts itself (same list, same types).
 */
import { endpoints } from './endpoints.ts';

/** The module's text: the list as a literal, importing nothing. */
export function endpointsModuleText(): string {
  return `// made from packages/contracts/src/api (api/endpointsModule.ts)\nexport const endpoints = ${JSON.stringify(endpoints)};\n`;
}

const SOURCE = '@qb/contracts/endpoints';
const ID = '\0qb-contracts-endpoints';

/** The Vite plugin: resolves `@qb/contracts/endpoints` to the list alone (a structural type: contracts has no Vite). */
export function endpointsModule(): {
  name: string;
  enforce: 'pre';
  resolveId(source: string): string | null;
  load(id: string): string | null;
} {
  return {
    name: 'qb-contracts-endpoints',
    enforce: 'pre',
    resolveId: (source) => (source === SOURCE ? ID : null),
    load: (id) => (id === ID ? endpointsModuleText() : null),
  };
}
