/**
 * The modules `server/src/<feature>/routes.ts`, by feature, in the order of the folders' names: read from the folder
 * here (tsx, vitest); the server's bundle has them as static imports instead (server/build.mjs writes this module).
 */
import { existsSync, readdirSync } from 'node:fs';

export async function foundRoutesModules(): Promise<[string, Record<string, unknown>][]> {
  const src = new URL('../', import.meta.url);
  const features = readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/routes.ts`, src)))
    .map((e) => e.name)
    .sort();
  return Promise.all(
    features.map(async (f): Promise<[string, Record<string, unknown>]> => [f, (await import(new URL(`${f}/routes.ts`, src).href)) as Record<string, unknown>]),
  );
}
