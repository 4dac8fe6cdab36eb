import { endpoints, routeSchemas, type EndpointName } from '@qb/contracts/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Every call of the API is declared once (packages/contracts/src/api/endpoints.ts: method and path; routes.ts: its
 * schemas) and registered from that declaration (server/src/http/route.ts). These fail when a route is registered
 * without a declaration, or a declaration has no route.
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
    for (const [name, { method, url }] of Object.entries(endpoints)) {
      const found = t.app.registeredRoutes.filter((r) => r.url === url && r.method === method);
      expect(found, `${name}: ${method} ${url}`).toHaveLength(1);
    }
  });

  it('every route under /api is a declared call (HEAD of a GET is Fastify’s own)', () => {
    const declared = new Set(Object.values(endpoints).map((e) => `${e.method} ${e.url}`));
    const undeclared = t.app.registeredRoutes
      .filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !notCalls(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !declared.has(r));
    expect(undeclared).toEqual([]);
  });

  it('every call has its schema, and the OpenAPI document describes each with it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const { method, url } = endpoints[name];
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()]?.summary, `${name}: ${method} ${url}`).toBe(routeSchemas[name].summary);
    }
  });
});
