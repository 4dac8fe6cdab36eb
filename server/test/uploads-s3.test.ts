/**
 * Uploads in S3-compatible storage (UPLOADS_STORE=s3), against a real S3 protocol server started here
 * (s3rver, in-process, on a free port, over a temporary folder): upload, serving with ranges, the import,
 * the storage being away (503 STORAGE_UNAVAILABLE, the server stays up) and `npm run uploads:to-s3`.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { moveUploadsToS3 } from '../src/uploads/moveToS3.ts';
import { PART_BYTES, S3_LIMITS, S3UploadStore } from '../src/uploads/s3Store.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { QUESTION_HEADER, bookBytes, q, upload } from './import-fixtures.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BUCKET = 'qb-uploads';
const MOVED = 'qb-moved';
// s3rver's key pair; the SDK's warning about Node 20 (docs/uploads.md) is left out of the test output
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

function multipart(fileName: string, content: Buffer) {
  const boundary = '----qbs3' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const tempCopies = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('qb-upload-')).length;

describe('uploads in S3-compatible storage', () => {
  const savedEnv = Object.fromEntries(Object.keys(CREDENTIALS).map((k) => [k, process.env[k]]));
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-s3rver-'));
  let s3: S3rver;
  const received: string[] = [];
  let port: number;
  let client: S3Client;
  let t: TestApp;
  const startS3 = async (onPort = 0) => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: onPort,
      silent: true,
      directory: s3dir,
      configureBuckets: [
        { name: BUCKET, configs: [] },
        { name: MOVED, configs: [] },
      ],
    });
    port = (await s3.run()).port;
    // every request the S3 server receives, as `METHOD /bucket/key?query`
    (s3 as unknown as { httpServer: http.Server }).httpServer.prependListener('request', (req: http.IncomingMessage) =>
      received.push(`${req.method} ${req.url}`),
    );
  };
  const s3Env = (over: Record<string, string> = {}) => ({
    UPLOADS_STORE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    ...over,
  });
  const keysOf = async (bucket = BUCKET) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort();
  const post = (app: TestApp, url: string, fileName: string, content: Buffer) => {
    const { payload, headers } = multipart(fileName, content);
    return app.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: app.token } });
  };

  beforeAll(async () => {
    // the SDK's standard chain finds the key pair in the environment, as it would in production
    Object.assign(process.env, CREDENTIALS);
    await startS3();
    client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true });
    t = await startTestApp('sqlite', undefined, s3Env());
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('takes its settings from UPLOADS_STORE and S3_*, and refuses a bad one at start', () => {
    expect(loadConfig({}).uploads).toEqual({ store: 'local' });
    expect(loadConfig({ UPLOADS_STORE: 's3', S3_BUCKET: 'b' }).uploads).toEqual({
      store: 's3',
      bucket: 'b',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ UPLOADS_STORE: 'nfs' })).toThrow(/UPLOADS_STORE must be local .* or s3/);
    expect(() => loadConfig({ UPLOADS_STORE: 's3' })).toThrow(/S3_BUCKET is required when UPLOADS_STORE=s3/);
    expect(() => loadConfig({ UPLOADS_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => loadConfig({ UPLOADS_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
  });

  it('stores an upload in the bucket under the public path and serves it through the server with the local headers', async () => {
    const r = await post(t, '/api/action/upload/', 'Avatar.PNG', PNG);
    expect(r.statusCode).toBe(200);
    const { path: url, oldFileName } = r.json().data;
    expect(oldFileName).toBe('Avatar.PNG');
    expect(url).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect(await keysOf()).toContain(url.slice('/api/file/'.length));
    // nothing on this instance's disk
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cache-control': 'private, max-age=86400',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(served.headers.etag).toMatch(/^"[0-9a-f]+"$/);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      etag: served.headers.etag,
      'x-content-type-options': 'nosniff',
    });
    expect(head.rawPayload.length).toBe(0);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers single ranges with 206 and Content-Range, and 416 for a range past the end', async () => {
    const content = Buffer.from('a,b\n' + Array.from({ length: 50 }, (_, i) => `${i},${i * i}`).join('\n'));
    const url = (await post(t, '/api/action/uploadsOss/', 'data.csv', content)).json().data.path as string;
    const get = (range: string) => t.app.inject({ method: 'GET', url, headers: { range } });
    const size = content.length;
    for (const [range, start, end] of [
      ['bytes=2-9', 2, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-5', size - 5, size - 1],
      ['bytes=0-99999', 0, size - 1],
    ] as const) {
      const r = await get(range);
      expect(r.statusCode, range).toBe(206);
      expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(r.headers['content-length']).toBe(String(end - start + 1));
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
    }
    for (const range of [`bytes=${size}-`, 'bytes=-0']) {
      const r = await get(range);
      expect(r.statusCode, range).toBe(416);
      expect(r.headers['content-range']).toBe(`bytes */${size}`);
      expect(r.json()).toMatchObject({ status: false, code: 'REQUEST_REFUSED' });
    }
    // several ranges, or a malformed one: the whole file, as @fastify/static answers on disk
    for (const range of ['bytes=0-1,4-5', 'bytes=9-2', 'items=0-1']) {
      const r = await get(range);
      expect(r.statusCode, range).toBe(200);
      expect(r.rawPayload.equals(content)).toBe(true);
    }
  });

  it(`sends a large file up in parts of ${PART_BYTES / 1024 / 1024} MB and serves it back whole`, async () => {
    const content = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(2 * PART_BYTES + 12345)]);
    received.length = 0;
    const r = await post(t, '/api/action/upload/', 'big.xlsx', content);
    expect(r.statusCode).toBe(200);
    // a multipart upload: started, three parts, completed
    const key = (r.json().data.path as string).slice('/api/file/'.length);
    expect(received.filter((l) => l.startsWith(`POST /${BUCKET}/${key}?uploads`))).toHaveLength(1);
    expect(received.filter((l) => l.startsWith(`PUT /${BUCKET}/${key}?`) && l.includes('partNumber='))).toHaveLength(3);
    expect(received.filter((l) => l.startsWith(`POST /${BUCKET}/${key}?uploadId=`))).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: r.json().data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(served.headers['content-length']).toBe(String(content.length));
    expect(crypto.createHash('sha256').update(served.rawPayload).digest('hex')).toBe(crypto.createHash('sha256').update(content).digest('hex'));
  });

  it.each([
    ['a wrong extension', 'notes.txt', Buffer.from('hello'), 'UPLOAD_BAD_TYPE'],
    ['an image whose content is not an image', 'fake.jpg', Buffer.from('<script>alert(1)</script>'), 'UPLOAD_BAD_CONTENT'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'UPLOAD_MISSING'],
    ['an image over 5 MB', 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'UPLOAD_TOO_LARGE'],
  ])('refuses %s and stores nothing in the bucket', async (_name, fileName, content, code) => {
    const before = await keysOf();
    const r = await post(t, '/api/action/upload/', fileName, content);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, code });
    expect(await keysOf()).toEqual(before);
  });

  it('answers 404 for a missing key and for a path that is not an upload, without asking for other keys', async () => {
    for (const url of [
      '/api/file/202401/0123456789abcdef0123456789abcdef.png',
      '/api/file/2024/x.png',
      '/api/file/..%2f..%2fapp.sqlite',
      '/api/file/.env',
      '/api/file/202401/0123456789ABCDEF0123456789ABCDEF.png',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const r = await t.app.inject({ method, url });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        if (method === 'GET') expect(r.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
      }
    }
  });

  it('imports a spreadsheet stored in the bucket through a temporary copy, removed afterwards, also on failure', async () => {
    const subject = (await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: 'S3 科目', isUp: 1 } })).json().data.id as number;
    const typeId = (await t.post('/api/coustomApi/selectAddTypes/', { parentId: subject, fileName: 'S3 分类' })).json().data[0].id as number;
    const copies = tempCopies();
    const rows = [q('存储在 S3 中的题目一？', ['是', '否'], 'A', '', '单选'), q('存储在 S3 中的题目二？', ['甲', '乙', '丙'], 'AC', '', '多选')];
    const fileUrl = await upload(t, '题库.xlsx', bookBytes([QUESTION_HEADER, ...rows]));
    const r = await t.post('/api/action/import/', { fileUrl, parentId: subject, typeId, tableName: 'questionBank' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ rows: 2, inserted: 2, skipped: 0 });
    const names = await t.ctx.conn.db.selectFrom('questionBank').select('name').where('typeId', '=', typeId).orderBy('id').execute();
    expect(names.map((n) => n.name)).toEqual(['存储在 S3 中的题目一？', '存储在 S3 中的题目二？']);

    const broken = await upload(t, 'broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]));
    const refused = await t.post('/api/action/import/', { fileUrl: broken, parentId: subject, typeId, tableName: 'questionBank' });
    expect(refused.statusCode).toBe(400);
    const gone = await t.post('/api/action/import/', {
      fileUrl: '/api/file/202401/0123456789abcdef0123456789abcdef.xlsx',
      parentId: subject,
      typeId,
      tableName: 'questionBank',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('IMPORT_FILE_GONE');
    expect(tempCopies()).toBe(copies);
  });

  it('answers 503 STORAGE_UNAVAILABLE within seconds when the storage is unreachable, silent or the bucket missing, and stays up', async () => {
    const away = await startTestApp('sqlite', undefined, s3Env({ S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }));
    const noBucket = await startTestApp('sqlite', undefined, s3Env({ S3_BUCKET: 'no-such-bucket' }));
    // a storage that takes connections and never answers: given up after S3_LIMITS.idleMs (3 s; 300 ms here) per attempt
    const silentSockets: net.Socket[] = [];
    const silentServer = net.createServer((socket) => void silentSockets.push(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const silent = await startTestApp('sqlite', undefined, s3Env({ S3_ENDPOINT: `http://127.0.0.1:${(silentServer.address() as net.AddressInfo).port}` }));
    const idleMs = S3_LIMITS.idleMs;
    S3_LIMITS.idleMs = 300;
    try {
      const key = '/api/file/202401/0123456789abcdef0123456789abcdef.png';
      for (const app of [away, noBucket, silent]) {
        const started = Date.now();
        const calls = [
          post(app, '/api/action/upload/', 'a.png', PNG),
          app.app.inject({ method: 'GET', url: key }),
          app.app.inject({ method: 'GET', url: key, headers: { range: 'bytes=0-1' } }),
          app.app.inject({ method: 'HEAD', url: key }),
          app.post('/api/action/import/', { fileUrl: key.replace('.png', '.xlsx'), parentId: 1, typeId: 1, tableName: 'questionBank' }),
        ];
        for (const r of await Promise.all(calls)) {
          expect(r.statusCode).toBe(503);
          expect(r.headers['retry-after']).toBe('1');
          if (r.body) expect(r.json()).toEqual({ status: false, success: false, code: 'STORAGE_UNAVAILABLE', message: '文件存储暂时无法访问，请稍后重试' });
        }
        expect(Date.now() - started).toBeLessThan(5000);
        expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      const english = await away.app.inject({ method: 'GET', url: key, headers: { 'accept-language': 'en-US' } });
      expect(english.json().message).toBe('The file storage cannot be reached at the moment; please try again shortly');
    } finally {
      S3_LIMITS.idleMs = idleMs;
      await away.close();
      await noBucket.close();
      await silent.close();
      for (const socket of silentSockets) socket.destroy();
      await new Promise((resolve) => silentServer.close(resolve));
    }
  });

  it('answers 503 while the S3 server is stopped and serves again once it is back, without a restart', async () => {
    const url = (await post(t, '/api/action/upload/', 'back.png', PNG)).json().data.path as string;
    await s3.close();
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(503);
      expect((await post(t, '/api/action/upload/', 'b.png', PNG)).statusCode).toBe(503);
      expect((await t.get('/api/user/userInfo/')).statusCode).toBe(200);
    } finally {
      await startS3(port);
    }
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('uploads:to-s3 copies DATA_DIR/uploads into the bucket, skips what is there, resumes, and the old URLs are served from S3', async () => {
    const local = await startTestApp();
    try {
      const urls = [await upload(local, 'a.png', PNG), await upload(local, 'b.csv', Buffer.from('x,y\n1,2\n'))];
      const month = urls[0]!.split('/')[3]!;
      fs.writeFileSync(path.join(local.dataDir, 'uploads', month, '.half.png.part'), 'partial');
      const store = new S3UploadStore({ store: 's3', bucket: MOVED, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true });
      try {
        const first = await moveUploadsToS3(local.dataDir, store);
        expect(first).toMatchObject({ copied: 2, present: 0, ignored: [`${month}/.half.png.part`] });
        expect(await keysOf(MOVED)).toEqual(urls.map((u) => u.slice('/api/file/'.length)).sort());
        expect(await moveUploadsToS3(local.dataDir, store)).toMatchObject({ copied: 0, present: 2 });
        // a run cut short before the second file: the next run copies just that one
        await client.send(new DeleteObjectCommand({ Bucket: MOVED, Key: urls[1]!.slice('/api/file/'.length) }));
        expect(await moveUploadsToS3(local.dataDir, store)).toMatchObject({ copied: 1, present: 1 });
      } finally {
        store.close();
      }
      for (const u of urls) expect(fs.existsSync(path.join(local.dataDir, 'uploads', ...u.split('/').slice(3)))).toBe(true);

      const moved = await startTestApp('sqlite', undefined, s3Env({ S3_BUCKET: MOVED }));
      try {
        const served = await moved.app.inject({ method: 'GET', url: urls[0]! });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PNG)).toBe(true);
      } finally {
        await moved.close();
      }

      // the command itself, as `npm run uploads:to-s3` runs it: a report and exit 0; a failure exits 1
      const run = (env: Record<string, string>) =>
        new Promise<{ code: number; out: string }>((resolve) => {
          execFile(
            process.execPath,
            ['--import', 'tsx', 'src/uploadsToS3.ts'],
            { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, DATA_DIR: local.dataDir, ...env } },
            (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
          );
        });
      const [ok, failed] = await Promise.all([run(s3Env({ S3_BUCKET: MOVED })), run(s3Env({ S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }))]);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toContain('0 copied (0 bytes), 2 already in the bucket with the same size.');
      expect(ok.out).toContain('The local files are left in place');
      expect(failed.code, failed.out).toBe(1);
      expect(failed.out).toContain('Failed: ');
    } finally {
      await local.close();
    }
  });
});
