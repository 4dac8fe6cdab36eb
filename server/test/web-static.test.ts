import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

// The built web app as the server sends it (issue 19, speed): the build's .br/.gz beside each file are sent as they
// are when the browser takes them; files under assets/ (named by their content's hash) are kept a year; the HTML is
// asked for again each time; a built file that is not there is a 404, not the app's page.
describe('the web app’s files', () => {
  let t: TestApp;
  let webDist: string;
  const script = `export const big = ${JSON.stringify('x'.repeat(5000))};`;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-web-'));
    const html = '<!doctype html><title>t</title><script type="module" src="/assets/app-1a2b.js"></script>';
    fs.writeFileSync(path.join(webDist, 'index.html'), html);
    fs.writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(html));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    t = await startTestApp('sqlite', undefined, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the precompressed file the browser takes, and the plain one otherwise', async () => {
    const url = '/assets/app-1a2b.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets the browser keep hashed assets for a year, and asks again for the page itself', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/manage/connSql']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(String(page.headers['cache-control'])).toMatch(/max-age=0|no-cache/);
    }
  });

  it('answers 404 for a built file that is not there (a chunk of an older build), not the app’s page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
    expect((await t.app.inject({ method: 'GET', url: '/manage/anything' })).statusCode).toBe(200);
  });
});
