/**
 * Writes endpoints.ts, the method and path of every call, from the declarations (api/routes.ts):
 * `npm run endpoints -w @qb/contracts` after a call is added, changed or removed. The type checker holds each line of
 * endpoints.ts to its declaration (a call without its line, or a line that says another path, fails it) and
 * packages/contracts/test/endpoints.test.ts holds the whole file to what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api } from './routes.ts';

const HEAD = `/**
 * The method and path of every call, by name: what the web needs of the API at run time, without the zod schemas
 * (its bundle carries these lines, not the schemas). Written from the declarations (api/routes.ts, each call's
 * \`defineRoute\`) by \`npm run endpoints -w @qb/contracts\` (api/endpointsFile.ts): not edited by hand. The type checker
 * holds each line to its declaration, so a declared call without its line here fails the type check.
 */
import type { Api, EndpointOf } from './routes.ts';

export type { EndpointName, RouteOf } from './routes.ts';
`;

/** The text of endpoints.ts, as Prettier formats it. */
export function endpointsFileText(): string {
  const lines = Object.entries(api).map(([name, route]) => {
    const open = 'public' in route && route.public ? ', public: true' : '';
    return `  ${name}: { method: '${route.method}', url: '${route.path}'${open} },`;
  });
  return `${HEAD}
export const endpoints: { readonly [K in keyof Api]: EndpointOf<Api[K]> } = {
${lines.join('\n')}
};

export type Endpoints = typeof endpoints;
`;
}

export const ENDPOINTS_FILE = fileURLToPath(new URL('./endpoints.ts', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ENDPOINTS_FILE, endpointsFileText());
  console.log(`wrote ${ENDPOINTS_FILE} (${Object.keys(api).length} calls)`);
}
