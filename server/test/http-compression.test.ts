import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/http/compression.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// The API's JSON answers compressed (issue 31, docs/web-pages.md "Speed"): over 1 KB, in the coding the request
// accepts (brotli first), never a stream and never twice; the body unpacks to what an uncompressed request gets.
describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  // the menu page's metadata: several KB of JSON
  const big = '/api/schema/sys_menu';

  it('sends a large answer in brotli when accepted, gzip otherwise, and plain to a client that takes neither', async () => {
    const plain = await t.get(big);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();

    const br = await t.get(big, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);
    expect(Number(br.headers['content-length'] ?? br.rawPayload.length)).toBe(br.rawPayload.length);

    const gz = await t.get(big, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);

    const refused = await t.get(big, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(expected);
  });

  it('leaves small answers as they are', async () => {
    const small = await t.get('/api/user/userInfo/', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBeTruthy();
  });

  it('compresses a list of rows, and leaves a file (a streamed export) as it is', async () => {
    const list = await t.get('/api/select/?_flag=sys_menu&page=1&row=99999', { 'accept-encoding': 'br' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const rows = JSON.parse(brotliDecompressSync(list.rawPayload).toString('utf8'));
    expect(rows.data.length).toBeGreaterThan(5);
    const file = await t.get('/api/export/table/?_flag=sys_menu', { 'accept-encoding': 'br, gzip' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheet/);
    expect(file.headers['content-encoding']).toBeUndefined();
    // an .xlsx is a zip: it starts with PK
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding(['deflate', 'GZIP'])).toBe('gzip');
  });
});
