/**
 * The OpenAPI 3.1 document at /api/openapi.json, generated from the route schemas of packages/contracts:
 * every registered route is in it with its method, it has the shape of OpenAPI 3.1, and the answers the
 * server really gives fit the schemas it documents. The reference page at /api/docs runs same-origin files only.
 */
import fs from 'node:fs';
import { WHERE_OPERATORS } from '@qb/contracts';
import { endpoints, WHERES_EXAMPLES } from '@qb/contracts/schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../src/http/publicRoutes.ts';
import { answerProblem, codeTableOf, documentPathOf } from './answers.ts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers.ts';

type Operation = {
  summary?: string;
  operationId?: string;
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

describe('the document names, exemplifies and answers as the server does (issue 28 #6)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  it('gives every operation a unique operationId: the name of its call in the contracts', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(doc.paths[documentPathOf(endpoint.url)]?.[endpoint.method.toLowerCase()]?.operationId, endpoint.url).toBe(name);
    }
  });

  it('gives every parameter an example that fits its schema', () => {
    const ajv = new Ajv2020({ strict: false });
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const p of (op as { parameters?: { name: string; example?: unknown; schema?: object }[] }).parameters ?? []) {
        if (p.example === undefined) missing.push(`${method} ${path} ${p.name}`);
        else if (p.schema && !ajv.validate(p.schema, p.example)) missing.push(`${method} ${path} ${p.name}: ${JSON.stringify(p.example)} does not fit`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations().flatMap(({ op }) => (op as { parameters?: unknown[] }).parameters ?? []).length).toBeGreaterThan(40);
  });

  it('documents /api/docs/json as the object it answers', () => {
    expect(doc.paths['/api/docs/json']!.get!.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object' });
  });

  it("writes the server's static refusals into the schemas: no empty flag, no id below 1, no empty required text", () => {
    const select = doc.paths['/api/select/']!.get!.parameters!;
    expect(select.find((p) => p.name === '_flag')!.schema).toMatchObject({ minLength: 1 });
    expect(doc.paths['/api/system/layout/']!.get!.parameters![0]!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
    const body = (path: string) =>
      (doc.paths[path]!.post!.requestBody!.content['application/json']!.schema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(body('/api/action/save/')._flag).toMatchObject({ minLength: 1 });
    expect(body('/api/action/import/').fileUrl).toMatchObject({ minLength: 1 });
    expect(body('/api/user/roles/').roleIds).toMatchObject({ items: { minimum: 1, maximum: 2147483647 } });
  });

  it('lists every code of the document in docs/api.md with the status it is answered with (LAST_ADMIN is a 409)', async () => {
    const table = codeTableOf(fs.readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
    const codes = (doc.components.schemas.ErrorEnvelope as { properties: { code: { enum: string[] } } }).properties.code.enum;
    const listed = (code: string) => table.has(code) || [...table.keys()].some((k) => k.endsWith('*') && code.startsWith(k.slice(0, -1)));
    expect(codes.filter((c) => !listed(c))).toEqual([]);
    const last = await t.post('/api/user/roles/', { id: 1, roleIds: [] });
    expect([last.statusCode, last.json().code]).toEqual([409, 'LAST_ADMIN']);
    expect(table.get('LAST_ADMIN')).toEqual(['409']);
  });

  it('the check of every answer refuses an undeclared status, a media type and a body the document does not declare', () => {
    const answer = { method: 'GET', route: '/api/system/layout/', url: '/api/system/layout/?menuId=1', contentType: 'application/json; charset=utf-8' };
    const ok = JSON.stringify({ status: 200, success: true, message: 'ok', data: null });
    expect(answerProblem(doc, { ...answer, status: 200, body: ok })).toBeUndefined();
    expect(answerProblem(doc, { ...answer, status: 200, body: JSON.stringify({ status: 200, success: true, message: 'ok', data: null, extra: 1 }) })).toMatch(
      /does not fit/,
    );
    expect(answerProblem(doc, { ...answer, status: 302, body: '' })).toMatch(/does not declare/);
    expect(answerProblem(doc, { ...answer, status: 200, contentType: 'text/html', body: '<p>' })).toMatch(/media type/);
    const error = JSON.stringify({ status: false, success: false, message: 'x', code: 'LAST_ADMIN' });
    expect(answerProblem(doc, { ...answer, status: 409, body: error })).toBeUndefined();
    expect(answerProblem(doc, { ...answer, status: 400, body: error })).toMatch(/docs\/api\.md says 409/);
    expect(answerProblem(doc, { ...answer, status: 400, body: JSON.stringify({ status: false, success: false, message: 'x', code: 'NO_SUCH_CODE' }) })).toMatch(
      /does not fit/,
    );
    // an unrouted URL the fuzz sends (`//`, `//api/x`: protocol-relative to new URL(url, base)) is read as a path
    const unrouted = { ...answer, route: undefined, status: 404, body: '' };
    expect(answerProblem(doc, { ...unrouted, url: '//' })).toBeUndefined();
    expect(answerProblem(doc, { ...unrouted, url: '//api/x' })).toBeUndefined();
  });

  it('is checked against every answer of every test app: a test file that builds its own app checks it too', () => {
    const dir = new URL('./', import.meta.url);
    const unchecked = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'helpers.ts')
      .filter((f) => {
        const text = fs.readFileSync(new URL(f, dir), 'utf8');
        return /\bbuildApp\(/.test(text) && !/\bcheckAnswers\(/.test(text);
      });
    expect(unchecked).toEqual([]);
    const helpers = fs.readFileSync(new URL('helpers.ts', dir), 'utf8');
    expect(helpers.match(/checkAnswers\(app\)/g)?.length).toBe(helpers.match(/await buildApp\(/g)?.length);
  });
});
