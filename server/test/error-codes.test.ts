/**
 * Every error answer carries a machine-readable `code` beside its message, wherever it is answered: the
 * route's own refusals, the route schemas' validation, the session guard, the error handler, the router's
 * refusals, the not-found handler and the raw answers to requests Node cannot parse.
 */
import net from 'node:net';
import { ERROR_CODES } from '@qb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf } from '../src/http/errors.ts';
import { sha, startTestApp, type TestApp } from './helpers.ts';

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(text);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

describe('error codes', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('are the message keys in UPPER_SNAKE, with NOT_FOUND for an unknown path', () => {
    expect(errorCodeOf('sessionExpired')).toBe('SESSION_EXPIRED');
    expect(errorCodeOf('badParam')).toBe('BAD_PARAM');
    expect(errorCodeOf('unknownFlag')).toBe('UNKNOWN_FLAG');
    expect(errorCodeOf('tooManyRequests')).toBe('TOO_MANY_REQUESTS');
    expect(errorCodeOf('notFoundRoute')).toBe('NOT_FOUND');
    expect(errorCodeOf('uploadTooLarge')).toBe('UPLOAD_TOO_LARGE');
    // the codes clients compare with are the contracts' list (packages/contracts/src/core/errorCodes.ts)
    for (const [key, code] of Object.entries(ERROR_CODES)) expect(errorCodeOf(key as keyof typeof ERROR_CODES)).toBe(code);
  });

  it.each([
    ['no session', 401, 'SESSION_EXPIRED', '登录已过期，请重新登录', () => t.app.inject({ method: 'GET', url: '/api/select/?_flag=sys_member' })],
    [
      'an unknown session',
      401,
      'SESSION_EXPIRED',
      '登录已过期，请重新登录',
      () => t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: 'Bearer nope' } }),
    ],
    ['an unknown API path', 404, 'NOT_FOUND', '请求错误，未找到该资源', () => t.get('/api/nothing/here')],
    ['an unknown flag', 400, 'UNKNOWN_FLAG', '未知的数据表：sqlite_master', () => t.get('/api/select/?_flag=sqlite_master')],
    ['a bad page', 400, 'BAD_PARAM', '参数 page 不正确：1 to 1000000', () => t.get('/api/select/?_flag=sys_member&page=0')],
    ['a page given twice', 400, 'BAD_PARAM', '参数 page 不正确：1 to 1000000', () => t.get('/api/select/?_flag=sys_member&page=1&page=2')],
    ['wheres that are no JSON', 400, 'BAD_WHERES', '筛选条件 wheres 格式错误：不是合法的 JSON', () => t.get('/api/select/?_flag=sys_member&wheres=%7Bx')],
    [
      'an unknown operator',
      400,
      'BAD_OPERATOR',
      '不支持的筛选运算符：regex',
      () => t.get(`/api/select/?_flag=sys_member&wheres=${encodeURIComponent('{"name":{"type":"regex","value":"a"}}')}`),
    ],
    [
      'an unknown column',
      400,
      'UNKNOWN_COLUMN',
      '数据表 sys_member 没有字段 nope',
      () => t.get(`/api/select/?_flag=sys_member&wheres=${encodeURIComponent('{"nope":1}')}`),
    ],
    ['a bad sort direction', 400, 'BAD_SORT_TYPE', '排序方向只能是 asc 或 desc：up', () => t.get('/api/select/?_flag=sys_member&sort=id&sortType=up')],
    [
      'a missing row',
      404,
      'ROW_NOT_FOUND',
      '数据不存在或已删除：sys_member #999999',
      () => t.post('/api/action/delete/', { _flag: 'sys_member', id: 999_999 }),
    ],
    [
      'a body that is no JSON',
      400,
      'BAD_JSON',
      '请求内容不是合法的 JSON',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/action/save/',
          headers: { authorization: t.token, 'content-type': 'application/json' },
          payload: '{"_flag":',
        }),
    ],
    [
      'a body of another type',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      '不支持的请求内容类型：application/xml',
      () => t.app.inject({ method: 'POST', url: '/api/action/save/', headers: { authorization: t.token, 'content-type': 'application/xml' }, payload: '<a/>' }),
    ],
    ['a bad %-escape in the path', 400, 'BAD_URL', '请求地址中有无法解码的字符', () => t.get('/api/schema/%E4%B8')],
    ['a hidden file', 403, 'FORBIDDEN', '没有访问权限，拒绝访问', () => t.app.inject({ method: 'GET', url: '/api/file/.env' })],
    [
      'a wrong password',
      400,
      'LOGIN_WRONG',
      '用户名或密码错误',
      () => t.app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha('wrong') } }),
    ],
  ])('%s: %i %s', async (_name, status, code, message, call) => {
    const r = await call();
    expect(r.statusCode).toBe(status);
    expect(r.json()).toEqual({ status: false, success: false, message, code });
  });

  it.each([
    ['/api/action/save/', { _flag: 'sys_member', params: 'name=a' }, '参数 params 不正确：需要一个对象'],
    [
      '/api/action/masterSlave/',
      { _flag: 'sys_dataSheet', _flagChidren: 'sys_tableFields', bindField: 'parentid', mainData: [] },
      '参数 mainData 不正确：需要一个对象',
    ],
    ['/api/user/changePassword/', { oldPass: 'short', newPass: sha('x') }, '参数 oldPass 不正确：需要 SHA-256 十六进制串'],
    ['/api/user/login/', { pass: sha('x') }, '参数 loginid 不正确：不能为空'],
    ['/api/user/login/', { loginid: '   ', pass: sha('x') }, '参数 loginid 不正确：不能为空'],
    ['/api/user/login/', { loginid: 'x'.repeat(51), pass: sha('x') }, '参数 loginid 不正确：最多 50 个字符'],
    ['/api/user/login/', { loginid: ' admin', pass: sha('x') }, '参数 loginid 不正确：账号前后不能有空格'],
    ['/api/user/login/', { loginid: 'admin', pass: sha('x'), vcode: 1234 }, '参数 vcode 不正确：需要文本'],
    ['/api/user/login/', { loginid: 'admin', pass: 'ABC' }, '参数 pass 不正确：需要 SHA-256 十六进制串'],
    ['/api/coustomApi/typesImport/', { fileUrl: '/api/file/x.xlsx', subjectId: 'abc' }, '参数 subjectId 不正确：需要一个 id'],
  ])('the schema or the service names a bad field of %s: BAD_PARAM', async (url, body, message) => {
    const r = await t.post(url, body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ status: false, success: false, message, code: 'BAD_PARAM' });
  });

  it.each([
    '/api/action/save/',
    '/api/action/delete/',
    '/api/action/masterSlave/',
    '/api/coustomApi/selectAddTypes/',
    '/api/action/import/',
    '/api/coustomApi/typesImport/',
    '/api/user/login/',
    '/api/user/changePassword/',
    '/api/user/save/',
  ])('a body of %s that is no object is refused by the route schema, in both languages', async (url) => {
    for (const payload of ['[1,2]', '"text"', '5', 'null']) {
      const r = await t.app.inject({ method: 'POST', url, headers: { authorization: t.token, 'content-type': 'application/json' }, payload });
      expect(r.statusCode, `${url} ${payload}`).toBe(400);
      expect(r.json(), `${url} ${payload}`).toEqual({ status: false, success: false, message: '参数 body 不正确：需要一个 JSON 对象', code: 'BAD_PARAM' });
    }
    const en = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: t.token, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '[]',
    });
    expect(en.json().message).toBe('Parameter body is invalid: a JSON object is required');
  });

  it('the template kind and format are checked by the route schema with the words they always had', async () => {
    const kind = await t.get('/api/import/template/?kind=poem');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ status: false, success: false, message: '参数 kind 不正确：question or category', code: 'BAD_PARAM' });
    const format = await t.get('/api/import/template/?kind=category&format=pdf');
    expect(format.json()).toMatchObject({ message: '参数 format 不正确：xls or xlsx', code: 'BAD_PARAM' });
    const twice = await t.get('/api/import/template/?kind=question&kind=category');
    expect(twice.json()).toMatchObject({ message: '参数 kind 不正确：question or category', code: 'BAD_PARAM' });
    expect((await t.get('/api/import/template/?format=xls')).statusCode).toBe(200);
  });

  it('a session check comes before the route schema: no session is a 401 whatever the body', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/action/save/', headers: { 'content-type': 'application/json' }, payload: '[]' });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('SESSION_EXPIRED');
  });

  it('too many failed logins: 429 LOGIN_LOCKED', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'locked-out', pass: sha('wrong') }, remoteAddress: '127.7.0.1' });
    for (let i = 0; i < 5; i++) expect((await attempt()).json().code).toBe('LOGIN_WRONG');
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: false, success: false, code: 'LOGIN_LOCKED' });
  });

  it('a request Node cannot parse gets the envelope with its code on the raw socket', async () => {
    const answer = await rawRequest(port, 'GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ status: false, success: false, message: '无法解析的 HTTP 请求', code: 'BAD_HTTP_REQUEST' });
    const huge = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4)).code).toBe('HEADERS_TOO_LARGE');
  });

  it('success answers keep their shape, without a code', async () => {
    const r = await t.get('/api/select/?_flag=sys_member&row=1');
    expect(Object.keys(r.json()).sort()).toEqual(['data', 'message', 'status', 'success', 'total']);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: true });
  });
});

describe('error codes of the server side', () => {
  it('a fault of the server is a 500 INTERNAL, in the envelope, telling nothing of the fault', async () => {
    const t = await startTestApp();
    // the database gone under the server: resolving the session fails
    await t.ctx.conn.close();
    const r = await t.get('/api/user/userInfo/');
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ status: false, success: false, message: '服务器内部错误', code: 'INTERNAL' });
    await t.app.close();
  });

  it('too many captchas from one client: 429 TOO_MANY_REQUESTS', async () => {
    const t = await startTestApp('sqlite', undefined, { CAPTCHA: 'on' });
    try {
      const answers = [];
      for (let i = 0; i < 62; i++) answers.push(await t.app.inject({ method: 'GET', url: '/api/user/captcha/', remoteAddress: '127.8.0.1' }));
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) expect(a.json()).toMatchObject({ status: false, success: false, code: 'TOO_MANY_REQUESTS' });
    } finally {
      await t.close();
    }
  });
});
