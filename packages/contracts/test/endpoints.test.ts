import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoints } from '../src/api/endpoints.ts';
import { endpointsModule, endpointsModuleText, readEndpoints } from '../src/api/endpointsModule.ts';
import { api, type Api } from '../src/api/routes.ts';

/**
 * The web's path list (api/endpoints.ts) is made from the declarations: a call is declared once, in its `defineRoute`,
 * and no list is written by hand. The type checker holds the list's type to the declarations (the assignments below
 * fail `npm run typecheck` if it ever stopped doing so); the web's bundle gets the list alone (api/endpointsModule.ts).
 */
describe('the path list of the web (api/endpoints.ts)', () => {
  it('says the method, path and public flag of each declared call, and nothing else', () => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(api));
    for (const [name, route] of Object.entries(api)) {
      const open = 'public' in route && route.public ? { public: true } : {};
      expect(endpoints[name as keyof Api], name).toEqual({ method: route.method, url: route.path, ...open });
    }
  });

  it("reaches the web's bundle as the list alone: a module that imports nothing (no zod, no schema) and says the same", async () => {
    // the list as the build reads it: in a process of its own (the bundled Vite config cannot import the folder's files)
    expect(readEndpoints()).toEqual(JSON.parse(JSON.stringify(endpoints)));
    const plugin = endpointsModule(() => endpoints);
    const id = plugin.resolveId('@qb/contracts/endpoints');
    expect(id).toBeTruthy();
    expect(plugin.resolveId('@qb/contracts/schemas')).toBeNull();
    const text = plugin.load(id!)!;
    expect(text).toBe(endpointsModuleText(endpoints));
    expect(text).not.toMatch(/^\s*(import|export \*)\s|\bimport\(|\brequire\(/m);
    const loaded = (await import(`data:text/javascript,${encodeURIComponent(text)}`)) as { endpoints: unknown };
    expect(loaded.endpoints).toEqual(JSON.parse(JSON.stringify(endpoints)));
    // a ceiling for a hung process, not a speed check: a Node process under tsx reads the declarations (seconds on a loaded machine)
  }, 60_000);
});

const { captcha: _captcha, ...withoutCaptcha } = endpoints;
// @ts-expect-error a declared call (captcha) without its line in the path list fails the type check
export const missingLine: Endpoints = withoutCaptcha;
// @ts-expect-error a line whose path is not its declaration's fails the type check
export const wrongPath: Endpoints = { ...endpoints, captcha: { method: 'GET', url: '/api/user/captcha', public: true } };
// @ts-expect-error a public call written as guarded fails the type check
export const notPublic: Endpoints = { ...endpoints, login: { method: 'POST', url: '/api/user/login/' } };
