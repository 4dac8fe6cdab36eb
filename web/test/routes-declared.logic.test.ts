import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints } from '@qb/contracts/endpoints';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src') + '/';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/**
 * The web app calls the API by the name of each call (api/client.ts `call`), whose method and path are declared once
 * (its `defineRoute` in packages/contracts/src/api) and reach the web through api/endpoints.ts: no path of the API is
 * written in the web app's code.
 */
describe('API calls by name', () => {
  it('no /api/ path is written in web/src (a comment may name one)', () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      for (const m of code.matchAll(/['"`]\/api\/[^'"`]*['"`]?/g)) found.push(`${file.slice(SRC.length)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('every call is a GET or a POST under /api/, and no two share a method and path', () => {
    const seen = new Set<string>();
    for (const { method, url } of Object.values(endpoints)) {
      expect(['GET', 'POST']).toContain(method);
      expect(url.startsWith('/api/')).toBe(true);
      expect(seen.has(`${method} ${url}`)).toBe(false);
      seen.add(`${method} ${url}`);
    }
  });
});
