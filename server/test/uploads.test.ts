import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(fileName: string, content: Buffer, field = 'files') {
  const boundary = '----qbtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const upload = (url: string, fileName: string, content: Buffer, field?: string) => {
    const { payload, headers } = multipart(fileName, content, field);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: t.token } });
  };
  const storedFiles = () => fs.readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true }).filter((f) => String(f).includes('.'));

  it('stores an image under a generated name and serves it back with its type and nosniff', async () => {
    const r = await upload('/api/action/upload/', 'Avatar.PNG', PNG);
    expect(r.statusCode).toBe(200);
    const { path: filePath, oldFileName } = r.json().data;
    expect(oldFileName).toBe('Avatar.PNG');
    expect(filePath).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // stricter than the app's policy: a served file may run nothing and load nothing, nor be framed
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['x-frame-options']).toBe('DENY');
    expect(served.headers['referrer-policy']).toBe('no-referrer');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a spreadsheet through the object-storage path', async () => {
    const r = await upload(
      '/api/action/uploadsOss/',
      'questions.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data.path).toMatch(/\.xls$/);
  });

  it.each([
    ['a wrong extension', 'notes.txt', Buffer.from('hello'), '文件格式不正确'],
    ['an image whose content is not an image', 'fake.jpg', Buffer.from('<script>alert(1)</script>'), '不符'],
    ['an svg', 'logo.svg', Buffer.from('<svg/>'), '文件格式不正确'],
    ['an empty file', 'empty.png', Buffer.alloc(0), '请选择'],
    ['an image over 5 MB', 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), '5 MB'],
  ])('refuses %s and stores nothing', async (_name, fileName, content, fragment) => {
    const before = storedFiles().length;
    const r = await upload('/api/action/upload/', fileName, content);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
    expect(r.json().message).toContain(fragment);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the 20 MB limit', async () => {
    const r = await upload('/api/action/upload/', 'huge.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(21 * 1024 * 1024)]));
    expect([400, 413]).toContain(r.statusCode);
    expect(r.json().status).toBe(false);
    expect(r.json().message).toBe('文件过大，最大 20 MB');
  });

  it('refuses a request that is not multipart or uses another field name', async () => {
    const json = await t.post('/api/action/upload/', { files: 'x' });
    expect(json.statusCode).toBe(400);
    const other = await upload('/api/action/upload/', 'a.png', PNG, 'image');
    expect(other.statusCode).toBe(400);
  });

  it('needs a session to upload', async () => {
    const { payload, headers } = multipart('a.png', PNG);
    const r = await t.app.inject({ method: 'POST', url: '/api/action/upload/', payload, headers });
    expect(r.statusCode).toBe(401);
  });

  it('does not serve paths outside the uploads folder', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/file/..%2f..%2fapp.sqlite' });
    expect([403, 404]).toContain(r.statusCode);
    expect(r.body).not.toContain('SQLite format');
  });
});
