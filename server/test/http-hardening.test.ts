import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFailureOf } from '../src/http/requestFailures.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const EN = { 'accept-language': 'en-US,en;q=0.9' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A multipart body from its raw text, so that every way of getting it wrong can be written down. */
const part = (disposition: string, content = 'abc', extra = '') => `--XX\r\nContent-Disposition: ${disposition}\r\n${extra}\r\n${content}\r\n`;
const END = '--XX--\r\n';
const BOUNDARY = 'multipart/form-data; boundary=XX';

/**
 * One request on a raw socket; answers everything the server wrote before it closed the connection.
 * With `endAfterMs` the client stops sending (half-closes) that long after its last byte.
 */
function rawRequest(port: number, bytes: string | Buffer, endAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(bytes, () => endAfterMs !== undefined && setTimeout(() => socket.end(), endAfterMs));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

function parseRaw(answer: string) {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  return { status, head: head ?? '', body: JSON.parse(rest.join('\r\n\r\n')) as { status: unknown; success: unknown; message: string } };
}

describe('malformed input gets a 4xx envelope with a message, never a 500', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  const storedFiles = () => fs.readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true }).filter((f) => String(f).includes('.'));

  const multipartCases: [string, string, string, number, string, string][] = [
    [
      'no boundary',
      'multipart/form-data',
      part('form-data; name="files"; filename="a.png"') + END,
      400,
      '上传的表单数据格式不正确或不完整',
      'The uploaded form data is malformed or incomplete',
    ],
    ['an empty boundary', 'multipart/form-data; boundary=', END, 400, '上传的表单数据格式不正确或不完整', 'malformed or incomplete'],
    [
      'a boundary over 256 characters',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      END,
      400,
      '上传的表单数据格式不正确或不完整',
      'malformed or incomplete',
    ],
    [
      'a body cut short in the file',
      BOUNDARY,
      '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\x89PNG',
      400,
      '上传的表单数据格式不正确或不完整',
      'malformed or incomplete',
    ],
    [
      'a body cut short after a field',
      BOUNDARY,
      part('form-data; name="note"', 'x') + '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nab',
      400,
      '上传的表单数据格式不正确或不完整',
      'malformed or incomplete',
    ],
    ['a body that is not multipart at all', BOUNDARY, 'garbage', 400, '上传的表单数据格式不正确或不完整', 'malformed or incomplete'],
    ['a file part without a name', BOUNDARY, part('form-data; filename="a.png"') + END, 400, '上传的表单数据格式不正确或不完整', 'malformed or incomplete'],
    [
      'a file part without a file name',
      BOUNDARY,
      part('form-data; name="files"', 'abc', 'Content-Type: application/octet-stream\r\n') + END,
      400,
      '上传的文件缺少文件名',
      'The uploaded file has no file name',
    ],
    ['a file part with an empty file name', BOUNDARY, part('form-data; name="files"; filename=""') + END, 400, '上传的文件缺少文件名', 'no file name'],
    [
      'a part named __proto__',
      BOUNDARY,
      part('form-data; name="__proto__"; filename="a.png"') + END,
      400,
      '上传的表单数据格式不正确或不完整',
      'malformed or incomplete',
    ],
    [
      'more fields than allowed',
      BOUNDARY,
      Array.from({ length: 30 }, (_, i) => part(`form-data; name="f${i}"`, 'v')).join('') + END,
      413,
      '上传的表单字段或文件过多',
      'too many fields or files',
    ],
    [
      'another multipart type',
      'multipart/mixed; boundary=XX',
      END,
      415,
      '不支持的请求内容类型：multipart/mixed; boundary=XX',
      'Unsupported content type: multipart/mixed',
    ],
  ];

  describe.each(['/api/action/upload/', '/api/action/uploadsOss/'])('%s', (url) => {
    it.each(multipartCases)('refuses %s, in Chinese and in English, and stores nothing', async (_name, contentType, body, status, zh, en) => {
      const before = storedFiles().length;
      for (const [headers, fragment] of [
        [{}, zh],
        [EN, en],
      ] as const) {
        const r = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, authorization: t.token, ...headers } });
        expect(r.statusCode).toBe(status);
        expect(r.json()).toMatchObject({ status: false, success: false });
        expect(r.json().message).toContain(fragment);
      }
      expect(storedFiles().length).toBe(before);
    });

    it('refuses a multipart body the client stops sending half-way, on a real connection', async () => {
      const head = `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.token}\r\nContent-Type: ${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n`;
      const answer = await rawRequest(port, `${head}--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\x89PNG`, 100);
      expect(parseRaw(answer)).toMatchObject({ status: 400, body: { status: false, success: false, message: '请求在发送完整之前中断' } });
    });
  });

  it('still takes a well-formed upload', async () => {
    const body = Buffer.concat([Buffer.from('--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n'), PNG, Buffer.from(`\r\n${END}`)]);
    const r = await t.app.inject({ method: 'POST', url: '/api/action/upload/', payload: body, headers: { 'content-type': BOUNDARY, authorization: t.token } });
    expect(r.statusCode).toBe(200);
  });

  it('says the JSON body limit (2 MB), not the upload limit, for a JSON body over it', async () => {
    const payload = JSON.stringify({ _flag: 'test_list', params: { name: 'x'.repeat(3 * 1024 * 1024) } });
    for (const [headers, fragment] of [
      [{}, '请求内容过大，最大 2 MB'],
      [EN, 'The request body is too large, at most 2 MB'],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/action/save/',
        payload,
        headers: { 'content-type': 'application/json', authorization: t.token, ...headers },
      });
      expect(r.statusCode).toBe(413);
      expect(r.json()).toMatchObject({ status: false, success: false, message: fragment });
      expect(r.json().message).not.toContain('20');
    }
  });

  it('names a content type it does not read, in the envelope', async () => {
    for (const [type, headers, fragment] of [
      ['application/xml', {}, '不支持的请求内容类型：application/xml'],
      ['application/x-www-form-urlencoded', EN, 'Unsupported content type: application/x-www-form-urlencoded'],
      ['%%%garbage', {}, '不支持的请求内容类型：%%%garbage'],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/action/save/',
        payload: '<a/>',
        headers: { 'content-type': type, authorization: t.token, ...headers },
      });
      expect(r.statusCode).toBe(415);
      expect(r.json()).toMatchObject({ status: false, success: false, message: fragment });
    }
  });

  it('refuses a body shorter than its Content-Length, broken JSON and an empty JSON body with a message', async () => {
    const short = await rawRequest(
      port,
      `POST /api/action/save/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.token}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{}`,
      100,
    );
    expect(parseRaw(short)).toMatchObject({ status: 400, body: { status: false, success: false, message: '请求在发送完整之前中断' } });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/action/save/',
      payload: '{"a":',
      headers: { 'content-type': 'application/json', authorization: t.token },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('请求内容不是合法的 JSON');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/action/save/',
      payload: '',
      headers: { 'content-type': 'application/json', authorization: t.token },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请求内容不是合法的 JSON');
  });

  it('answers a path with a broken %-escape and a too-long path parameter in the envelope', async () => {
    const badEscape = await rawRequest(port, `GET /api/schema/%zz HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.token}\r\nConnection: close\r\n\r\n`);
    expect(parseRaw(badEscape)).toMatchObject({ status: 400, body: { status: false, success: false, message: '请求地址中有无法解码的字符' } });
    expect(parseRaw(badEscape).head.toLowerCase()).toContain('x-content-type-options: nosniff');
    const long = await t.get(`/api/schema/${'a'.repeat(300)}`, EN);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ status: false, success: false, message: 'The request address is too long' });
  });

  it('answers headers or a query string over 16 KB with a 431 envelope, in the language asked for', async () => {
    const longQuery = await rawRequest(port, `GET /api/select/?_flag=test_list&wheres=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(parseRaw(longQuery)).toMatchObject({ status: 431, body: { status: false, success: false, message: '请求头或请求地址过长，最多 16 KB' } });
    expect(parseRaw(longQuery).head).toMatch(/content-type: application\/json/i);
    const bigHeader = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(parseRaw(bigHeader)).toMatchObject({ status: 431, body: { status: false, message: 'The request headers or address are too long, at most 16 KB' } });
  });

  it('answers a HEAD request Node refuses without a body, so that the client can read the answer', async () => {
    const answer = await rawRequest(port, `HEAD /api/select/?wheres=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
    const parsed = await new Promise<{ status?: number; error?: string }>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'HEAD', path: `/api/schema/\u00e9` }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
      });
      req.on('error', (e) => resolve({ error: e.message }));
      req.end();
    });
    expect(parsed).toEqual({ status: 400 });
  });

  it('sends no body when a long head came in two reads and its method is unknown (a HEAD client must get none)', async () => {
    /** the request line and 8 KB in one write, the rest 150 ms later: Node refuses the second read, which has no method */
    const inTwoReads = (method: string) =>
      new Promise<{ answer: string; client?: { status?: number; error?: string } }>((resolve) => {
        const head = `${method} /api/select/?wheres=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (answer += d));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ answer }));
        socket.write(head.slice(0, 8192), () => setTimeout(() => socket.write(head.slice(8192)), 150));
        socket.setTimeout(5000, () => socket.destroy());
      });
    for (const method of ['HEAD', 'GET']) {
      const { answer } = await inTwoReads(method);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/\r\ncontent-length: 0\r\n/i);
      expect(answer.endsWith('\r\n\r\n')).toBe(true);
    }
    // a short head refused with 400 (a raw non-ASCII byte in its path) whose refused bytes are its second read
    for (const method of ['HEAD', 'GET']) {
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (text += d));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
        socket.write(`${method} /api/schema/`, () => setTimeout(() => socket.write(Buffer.from('\u00e9?_flag=x HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8')), 150));
        socket.setTimeout(5000, () => socket.destroy());
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/\r\ncontent-length: 0\r\n/i);
      expect(answer.endsWith('\r\n\r\n')).toBe(true);
    }
    // the same HEAD through Node's client: the answer reads cleanly (with a body it fails, "Data after Connection: close")
    const client = await new Promise<{ status?: number; error?: string }>((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'HEAD', path: `/api/select/?wheres=${'a'.repeat(20_000)}`, headers: { 'x-pad': 'b' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode }));
        },
      );
      req.on('error', (e) => resolve({ error: e.message }));
      req.end();
    });
    expect(client).toEqual({ status: 431 });
  });

  it('answers an HTTP/1.1 request without Host in the envelope (Node would answer a bare 400)', async () => {
    const r = parseRaw(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nAccept-Language: en\r\n\r\n', 100));
    expect(r).toMatchObject({ status: 400, body: { status: false, success: false, message: 'The HTTP request cannot be parsed' } });
    expect(r.head).toMatch(/content-security-policy: default-src 'self'/i);
    const old = await rawRequest(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers an unknown /api path in the envelope also when it is %-encoded, as the router decodes it', async () => {
    for (const url of ['/%61pi/nothing/', '/api/%6eothing', '/%61pi/select/x']) {
      for (const method of ['GET', 'PUT'] as const) {
        const r = await t.app.inject({ method, url, headers: { authorization: t.token } });
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ status: false, success: false, message: '请求错误，未找到该资源' });
      }
    }
    // and the router's decoding reaches the route, behind the session check
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/schema/' })).statusCode).toBe(401);
    expect((await t.get('/%61pi/schema/')).statusCode).toBe(200);
  });

  it('answers a request line that is not HTTP with a 400 envelope and closes the connection', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET api/health HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n']) {
      const r = parseRaw(await rawRequest(port, bytes));
      expect(r).toMatchObject({ status: 400, body: { status: false, success: false, message: '无法解析的 HTTP 请求' } });
      expect(r.head).toMatch(/connection: close/i);
    }
  });
});

describe('the error classifier keeps 500 for faults of the server only', () => {
  const req = { headers: {}, routeOptions: { bodyLimit: 2 * 1024 * 1024 } } as unknown as FastifyRequest;
  const limits = { uploadBytes: 20 * 1024 * 1024 };

  it('treats a programming error or a failing database as the server’s fault', () => {
    expect(clientFailureOf(new TypeError("Cannot read properties of undefined (reading 'slice')"), req, limits)).toBeUndefined();
    expect(clientFailureOf(Object.assign(new Error('SQLITE_BUSY'), { code: 'SQLITE_BUSY' }), req, limits)).toBeUndefined();
    expect(clientFailureOf(Object.assign(new Error('upstream'), { statusCode: 503 }), req, limits)).toBeUndefined();
  });

  it('gives any other 4xx error of a plugin a translated message, never its English text', () => {
    const failure = clientFailureOf(Object.assign(new Error('Some plugin text'), { statusCode: 405 }), req, limits);
    expect(failure).toMatchObject({ httpStatus: 405, key: 'requestRefused' });
    expect(clientFailureOf(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 }), req, limits)).toMatchObject({
      httpStatus: 429,
      key: 'tooManyRequests',
    });
  });

  it('does not count a request the client abandoned half-way as a fault of the server', () => {
    const abandoned = { ...req, raw: { aborted: true } } as unknown as FastifyRequest;
    expect(clientFailureOf(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), abandoned, limits)).toMatchObject({
      httpStatus: 400,
      key: 'requestIncomplete',
    });
    expect(
      clientFailureOf(
        Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
        { ...req, raw: { aborted: false } } as unknown as FastifyRequest,
        limits,
      ),
    ).toBeUndefined();
  });

  it('names the upload limit for a file cut off by the multipart limit', () => {
    expect(clientFailureOf(Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }), req, limits)).toMatchObject(
      {
        httpStatus: 413,
        key: 'uploadTooLarge',
        params: { max: '20 MB' },
      },
    );
  });
});

describe('security headers', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/assets/a.js"></script>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'a.js'), 'export {};');
    t = await startTestApp('sqlite', undefined, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it('sets them on the web app’s HTML, its client-side routes and its assets', async () => {
    for (const url of ['/', '/manage/home', '/user/login']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(r.headers);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/a.js' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(asset.headers);
  });

  it('sets them on API answers, successful or not', async () => {
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
    expectSecurityHeaders((await t.get('/api/schema/')).headers);
    const refused = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused.headers);
    const missing = await t.get('/api/nothing/here/');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });
});
