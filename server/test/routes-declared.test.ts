import { api, type EndpointName } from '@qb/contracts/schemas';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import { apiRoutes } from '../src/app.ts';
import { foundFeatureRoutes, type FoundRegistrations } from '../src/http/featureRoutes.ts';
import { healthRoutes } from '../src/http/healthRoutes.ts';
import { registerRoutes, type Registrations } from '../src/http/route.ts';
import type { RouteHandler } from '../src/http/route.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Every call of the API is declared once (`defineRoute` in its feature's record of packages/contracts/src/api: method,
 * path, schemas) and registered from that declaration with the handler its feature gives (server/src/http/route.ts).
 * These fail when a route is registered without a declaration, or a declaration has no route.
 */
describe('API routes declared once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  // routes that are not calls of the API: the files served back, the reference page of @fastify/swagger-ui
  const notCalls = (url: string) => url.startsWith('/api/file/') || url.startsWith('/api/docs');

  it('every declared call is registered once, with its method and path', () => {
    for (const [name, { method, path }] of Object.entries(api)) {
      const found = t.app.registeredRoutes.filter((r) => r.url === path && r.method === method);
      expect(found, `${name}: ${method} ${path}`).toHaveLength(1);
    }
  });

  it('every route under /api is a declared call (HEAD of a GET is Fastify’s own)', () => {
    const declared = new Set(Object.values(api).map((e) => `${e.method} ${e.path}`));
    const undeclared = t.app.registeredRoutes
      .filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !notCalls(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !declared.has(r));
    expect(undeclared).toEqual([]);
  });

  it('every call has its schema, and the OpenAPI document describes each with it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    for (const name of Object.keys(api) as EndpointName[]) {
      const { method, path: url, summary } = api[name];
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()]?.summary, `${name}: ${method} ${url}`).toBe(summary);
    }
  });
});

/**
 * A declared call without its handler fails the type check (each `@ts-expect-error` below is itself an error of
 * `npm run typecheck` the day that stops being true) and stops the start.
 */
describe('a declared call without its handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it("stops the start: the app's routes without one feature's handler of a call are refused before any is registered", async () => {
    const { sessions: _sessions, ...withoutSessions } = await apiRoutes(t.app, t.ctx);
    const app = Fastify();
    // @ts-expect-error the record of every handler, less the live sessions' (a call of accessApi)
    expect(() => registerRoutes(app, withoutSessions)).toThrow('declared without a handler: sessions');
    expect(app.hasRoute({ method: 'GET', url: '/api/health' })).toBe(false);
    await app.close();
  });

  it('stops the start: a handler of a call nobody declared is refused too', async () => {
    const app = Fastify();
    const routes = { ...(await apiRoutes(t.app, t.ctx)), neverDeclared: async () => ({}) };
    expect(() => registerRoutes(app, routes as unknown as Registrations)).toThrow('handled but not declared: neverDeclared');
    await app.close();
  });

  it("fails the type check of the feature: a record of the health calls without healthReady's handler", () => {
    const { health } = healthRoutes(t.ctx.conn.db);
    // @ts-expect-error a feature's routes (RoutesOf<typeof systemApi>) must handle every call of its contracts record
    const incomplete: ReturnType<typeof healthRoutes> = { health };
    expect(Object.keys(incomplete)).toEqual(['health']);
  });

  it('registers the whole record: every declared call, none missing', async () => {
    const app = Fastify();
    registerRoutes(app, await apiRoutes(t.app, t.ctx));
    for (const { method, path } of Object.values(api)) expect(app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
    await app.close();
  });
});

/**
 * A feature's routes are found, not listed (http/featureRoutes.ts): its routes.ts's default export, given the app's
 * context. A feature whose calls are not all handled fails the type check of app.ts (the assignment below is that
 * check: the `@ts-expect-error` fails `npm run typecheck` the day it stops being an error).
 */
describe("the features' routes, found", () => {
  it('are every server/src/<feature>/routes.ts with a default export, and handle each declared call but the few app.ts names', async () => {
    const src = new URL('../src/', import.meta.url);
    const withRoutes = readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/routes.ts`, src)))
      .map((e) => e.name);
    const found = await foundFeatureRoutes();
    // access/routes.ts takes more than the context (crud's row-filter check): app.ts names it
    expect(found.map((f) => f.feature)).toEqual(withRoutes.filter((f) => f !== 'access').sort());
    const t = await startTestApp('sqlite');
    try {
      const handled = found.flatMap((f) => Object.keys(f.routes(t.ctx)));
      const named = [...Object.keys(api)].filter((n) => !handled.includes(n));
      // the calls app.ts names itself: health (http/), the access calls, this API's description
      expect(named).toEqual([
        'menuActions',
        'roleGrants',
        'saveRoleGrants',
        'userRoles',
        'saveUserRoles',
        'resetPassword',
        'sessions',
        'endSession',
        'health',
        'healthReady',
        'openApi',
      ]);
    } finally {
      await t.close();
    }
  });

  it('a feature whose call has no handler fails the type check of the whole record', () => {
    const handler = (async () => ({})) as unknown as RouteHandler<'dashboard'>;
    const others = {} as Omit<Registrations, keyof FoundRegistrations>;
    const { dashboard: _dashboard, ...lessDashboard } = {} as FoundRegistrations;
    // @ts-expect-error every call but the dashboard's: "Property 'dashboard' is missing … in type 'Registrations'"
    const incomplete: Registrations = { ...others, ...lessDashboard };
    const complete: Registrations = { ...others, ...lessDashboard, dashboard: handler };
    expect([incomplete, complete]).toHaveLength(2);
  });
});
