/**
 * The modules of this folder that may declare calls, by file name, in the order of the names: read from the folder
 * here (Node: tsx, vitest, the web's build); the server's bundle has them as static imports instead (server/build.mjs
 * writes this module). Left out: the modules that import the joined map (a cycle through its top-level await).
 */
import { readdirSync } from 'node:fs';

export const NOT_DECLARING = new Set(['foundRecords.ts', 'routes.ts', 'index.ts', 'endpoints.ts', 'endpointsModule.ts']);

export async function foundRecordModules(): Promise<[string, Record<string, unknown>][]> {
  const folder = new URL('./', import.meta.url);
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !NOT_DECLARING.has(f))
    .sort();
  return Promise.all(
    files.map(async (f): Promise<[string, Record<string, unknown>]> => [f, (await import(new URL(f, folder).href)) as Record<string, unknown>]),
  );
}
