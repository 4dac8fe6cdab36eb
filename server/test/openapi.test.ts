/**
 * The OpenAPI 3.1 document at /api/openapi.json, generated from the route schemas of packages/contracts:
 * every registered route is in it with its method, it has the shape of OpenAPI 3.1, and the answers the
 * server really gives fit the schemas it documents. The reference page at /api/docs runs same-origin files only.
 */
import { WHERE_OPERATORS } from '@qb/contracts';
import { WHERES_EXAMPLES } from '@qb/contracts/schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../src/http/publicRoutes.ts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers.ts';

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, Record<string, unknown>> };
  security?: unknown[];
};

/** The document's spelling of a route pattern: `:flag` is `{flag}`, the wildcard `*` is `{*}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace('*', '{*}');
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let ajv: InstanceType<typeof Ajv2020>;

  beforeAll(async () => {
    t = await startTestApp();
    const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    doc = r.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
  });
  afterAll(async () => t?.close());

  /** Checks a value against a schema of the document, its `#/components/...` references resolved. */
  const fits = (schema: Record<string, unknown>, value: unknown) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
    const validate = ajv.compile(JSON.parse(text));
    const valid = validate(value);
    return valid ? 'fits' : ajv.errorsText(validate.errors);
  };
  const answerSchema = (path: string, method: string, status: string) => {
    const response = doc.paths[path]?.[method]?.responses[status];
    expect(response, `${method} ${path} ${status}`).toBeDefined();
    return response!.content!['application/json']!.schema;
  };

  it('is served without a session and has the shape of OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof doc.paths).toBe('object');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ErrorEnvelope', 'Wheres', 'TableMeta', 'UserInfo']));
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'], `${method} ${path}`).toContain(method);
        expect(op.summary, `${method} ${path} has a summary`).toBeTruthy();
        expect(Object.keys(op.responses).length, `${method} ${path} has responses`).toBeGreaterThan(0);
        for (const response of Object.values(op.responses)) expect(typeof response.description).toBe('string');
        // every path parameter of the template is declared, and only those
        const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        expect(
          (op.parameters ?? [])
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          `${method} ${path}`,
        ).toEqual(inPath);
      }
    }
    // every schema of the document compiles as JSON Schema 2020-12
    for (const name of Object.keys(doc.components.schemas)) expect(() => ajv.getSchema(`doc#/components/schemas/${name}`), name).not.toThrow();
  });

  it('lists every registered route with its method', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && isApi(r.url));
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((r) => !doc.paths[pathOf(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // and nothing else: every documented operation is a route of the server
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method.toLowerCase()} ${pathOf(r.url)}`));
    const extra = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`))
      .filter((op) => !registered.has(op));
    expect(extra).toEqual([]);
    // the web app's own files are not part of the API
    expect(Object.keys(doc.paths).filter((p) => !isApi(p))).toEqual([]);
  });

  it('describes the session header, and exactly the public routes need none', () => {
    const scheme = doc.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(String(scheme!.description)).toContain('Bearer');
    expect(doc.security).toEqual([{ session: [] }]);
    for (const r of t.app.registeredRoutes.filter((x) => x.method !== 'HEAD' && isApi(x.url))) {
      const op = doc.paths[pathOf(r.url)]![r.method.toLowerCase()]!;
      expect(op.security, `${r.method} ${r.url}`).toEqual(PUBLIC_ROUTES.has(r.url) ? [] : undefined);
    }
  });

  it('documents the error envelope with its code on every route', () => {
    const envelope = doc.components.schemas.ErrorEnvelope as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(envelope.required).toEqual(expect.arrayContaining(['status', 'success', 'message', 'code']));
    const codes = envelope.properties.code!.enum as string[];
    expect(codes).toEqual(
      expect.arrayContaining([
        'SESSION_EXPIRED',
        'FORBIDDEN',
        'BAD_PARAM',
        'UNKNOWN_FLAG',
        'NOT_FOUND',
        'LOGIN_LOCKED',
        'TOO_MANY_REQUESTS',
        'INTERNAL',
        'IMPORT_ROWS_INVALID',
      ]),
    );
    expect(codes.every((c) => /^[A-Z][A-Z0-9_]*$/.test(c))).toBe(true);
    // success words and the problems of single import rows are no answer codes
    expect(codes).not.toContain('SAVED');
    expect(codes).not.toContain('IMPORT_STEM_MISSING');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const status of ['4XX', '5XX']) {
          expect(op.responses[status]?.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorEnvelope',
          });
        }
      }
    }
  });

  it('describes the wheres grammar: its operators, forms and examples', () => {
    const select = doc.paths['/api/select/']!.get!;
    const names = select.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['_flag', 'page', 'row', 'wheres', 'sort', 'sortType', '_hasChildren']));
    expect(select.parameters!.find((p) => p.name === '_flag')!.required).toBe(true);
    const wheres = select.parameters!.find((p) => p.name === 'wheres')!;
    const grammar = doc.components.schemas.Wheres!;
    for (const text of [wheres.description!, String(grammar.description)]) {
      for (const op of WHERE_OPERATORS) expect(text, op).toContain(`\`${op}\``);
      expect(text).toContain('"type": op, "value": v');
    }
    // the decoded form is a schema of its own, and the examples fit it; a condition with other keys does not
    for (const example of WHERES_EXAMPLES) expect(fits({ $ref: '#/components/schemas/Wheres' }, example)).toBe('fits');
    expect(fits({ $ref: '#/components/schemas/Wheres' }, { name: { type: 'like', value: 'x', extra: 1 } })).not.toBe('fits');
    expect(fits({ $ref: '#/components/schemas/Wheres' }, { name: { type: 'regex', value: 'x' } })).not.toBe('fits');
  });

  it('documents request bodies, multipart uploads and file answers', () => {
    const login = doc.paths['/api/user/login/']!.post!.requestBody!.content['application/json']!.schema as {
      properties: Record<string, { pattern?: string }>;
      required: string[];
    };
    expect(login.required).toEqual(['loginid', 'pass']);
    expect(login.properties.pass!.pattern).toBe('^[0-9a-f]{64}$');
    const save = doc.paths['/api/action/save/']!.post!.requestBody!.content['application/json']!.schema as { required: string[] };
    expect(save.required).toEqual(['_flag', 'params']);
    expect(Object.keys(doc.paths['/api/action/upload/']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/export/table/']!.get!.responses['200']!.content!)).toEqual(
      expect.arrayContaining(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']),
    );
  });

  it('documents answers the server really gives', async () => {
    const checks: [string, string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      ['/api/health', 'get', () => t.app.inject({ method: 'GET', url: '/api/health' })],
      ['/api/user/captcha/', 'get', () => t.app.inject({ method: 'GET', url: '/api/user/captcha/' })],
      ['/api/user/login/', 'post', () => t.login('admin', ADMIN_PASSWORD)],
      ['/api/user/userInfo/', 'get', () => t.get('/api/user/userInfo/')],
      ['/api/schema/', 'get', () => t.get('/api/schema/')],
      ['/api/schema/{flag}', 'get', () => t.get('/api/schema/questionsClass')],
      ['/api/system/menu/', 'get', () => t.get('/api/system/menu/')],
      ['/api/select/', 'get', () => t.get('/api/select/?_flag=sys_member&row=5')],
      ['/api/user/list/', 'get', () => t.get('/api/user/list/')],
      ['/api/dashboard/summary/', 'get', () => t.get('/api/dashboard/summary/')],
      ['/api/action/save/', 'post', () => t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '文档', phone: '13800000000' } })],
      ['/api/user/save/', 'post', () => t.post('/api/user/save/', { params: { loginid: 'documented', name: 'Documented' } })],
    ];
    for (const [path, method, call] of checks) {
      const r = await call();
      expect(r.statusCode, `${method} ${path}`).toBe(200);
      expect(fits(answerSchema(path, method, '200'), r.json()), `${method} ${path}`).toBe('fits');
    }
    const saved = (await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '删除', phone: '13800000001' } })).json().data;
    const deleted = await t.post('/api/action/delete/', { _flag: 'sys_member', id: saved.id });
    expect(fits(answerSchema('/api/action/delete/', 'post', '200'), deleted.json())).toBe('fits');

    const failures = [
      await t.app.inject({ method: 'GET', url: '/api/select/?_flag=sys_member' }),
      await t.get('/api/select/?_flag=nope'),
      await t.get('/api/nothing/'),
      await t.post('/api/action/save/', []),
    ];
    for (const r of failures) expect(fits(answerSchema('/api/select/', 'get', '4XX'), r.json()), r.body).toBe('fits');
  });

  it('the account password never appears as a documented column of an answer', () => {
    const user = doc.components.schemas.UserInfo as { properties: Record<string, unknown> };
    expect(Object.keys(user.properties)).not.toContain('pass');
  });
});

describe('the reference page at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('is HTML without a session, whose scripts are files of this origin and none inline, under the global CSP', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const scripts = [...r.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        expect(content!.trim(), 'no inline script').toBe('');
        const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
        expect(src, 'every script has a src').toBeDefined();
        // relative or absolute on this origin, never another host
        expect(src!).not.toMatch(/^(https?:)?\/\//i);
        const file = await t.app.inject({ method: 'GET', url: new URL(src!, `http://localhost${url}`).pathname });
        expect(file.statusCode, src).toBe(200);
        expect(file.headers['content-type']).toMatch(/javascript/);
      }
      const links = [...r.body.matchAll(/<link\b[^>]*\bhref="([^"]+)"/gi)].map((m) => m[1]!);
      for (const href of links) expect(href).not.toMatch(/^(https?:)?\/\//i);
    }
  });

  it('sends the page’s old address to the page without echoing the request, however its path is spelled', async () => {
    const query = `?_flag=sys_member&wheres=%22${'x'.repeat(15_000)}`;
    for (const path of ['/api/docs/static/index.html', '/%61pi/docs/static/index.html', '/api/docs/static/%69ndex.html', '/api/%64ocs/static/index.html']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const r = await t.app.inject({ method, url: `${path}${query}` });
        expect([path, method, r.statusCode, r.headers.location]).toEqual([path, method, 302, '/api/docs/']);
        const headerBytes = Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + String(v).length, 0);
        expect(headerBytes).toBeLessThan(4096);
      }
    }
  });

  it('the page reads the same document as /api/openapi.json', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual(served.json());
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
  });
});
