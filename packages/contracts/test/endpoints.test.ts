import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/api/endpoints.ts';
import { ENDPOINTS_FILE, endpointsFileText } from '../src/api/endpointsFile.ts';
import { api, type Api, type EndpointOf } from '../src/api/routes.ts';

/**
 * The web's path list (api/endpoints.ts) is written from the declarations: a call is declared once, in its
 * `defineRoute`, and this list follows it. The type checker holds each line to its declaration (the assignments
 * below fail `npm run typecheck` if it ever stopped doing so), these tests the whole file.
 */
describe('the path list of the web (api/endpoints.ts)', () => {
  it('is the file `npm run endpoints -w @qb/contracts` writes from the declarations', () => {
    const expected = endpointsFileText();
    // on a failure: run `npm run endpoints -w @qb/contracts`
    expect(readFileSync(ENDPOINTS_FILE, 'utf8')).toBe(expected);
  });

  it('says the method, path and public flag of each declared call, and nothing else', () => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(api));
    for (const [name, route] of Object.entries(api)) {
      const open = 'public' in route && route.public ? { public: true } : {};
      expect(endpoints[name as keyof Api], name).toEqual({ method: route.method, url: route.path, ...open });
    }
  });
});

type PathList = { readonly [K in keyof Api]: EndpointOf<Api[K]> };
const { captcha: _captcha, ...withoutCaptcha } = endpoints;
// @ts-expect-error a declared call (captcha) without its line in the path list fails the type check
export const missingLine: PathList = withoutCaptcha;
// @ts-expect-error a line whose path is not its declaration's fails the type check
export const wrongPath: PathList = { ...endpoints, captcha: { method: 'GET', url: '/api/user/captcha', public: true } };
// @ts-expect-error a public call written as guarded fails the type check
export const notPublic: PathList = { ...endpoints, login: { method: 'POST', url: '/api/user/login/' } };
