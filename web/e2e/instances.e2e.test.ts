/**
 * Issue 22, item 4, in the browser: two real servers (scripts/start.mjs) on one fresh PostgreSQL database and one S3
 * bucket (s3rver), behind a round-robin proxy made here. Signed in through the proxy, an avatar uploaded in the member
 * form is saved, and on reloads (fresh browser contexts) the list's image loads, served by both instances.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, sessionLogin, startServer, uiLogin, type RunningServer } from './harness.mjs';
import { testContext, useBrowser, visible } from './support.ts';

const PG_URL = process.env.TEST_PG_URL;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BUCKET = 'qb-e2e';

/**
 * Each request to the next server in turn, passed through as is, the answer streamed back; `log` says who served what.
 * The turn is kept per URL: with one counter for all, a page whose load makes an even number of requests would send
 * the avatar to the same server every time (CI saw six loads in a row served by server 0).
 */
function roundRobin(ports: number[]) {
  const log: { target: number; url: string }[] = [];
  const agent = new http.Agent({ keepAlive: false });
  const next = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const target = next.get(req.url!) ?? 0;
    next.set(req.url!, (target + 1) % ports.length);
    log.push({ target, url: req.url! });
    const upstream = http.request({ host: '127.0.0.1', port: ports[target], method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return {
    log,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!PG_URL)('two servers behind a round-robin proxy (PostgreSQL, S3)', () => {
  const b = useBrowser();
  const dbName = `qb_e2e_${randomBytes(5).toString('hex')}`;
  const s3dir = mkdtempSync(join(tmpdir(), 'qb-s3rver-'));
  let s3: S3rver;
  const servers: RunningServer[] = [];
  let proxy: ReturnType<typeof roundRobin>;
  let via: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3.run();
    const database = new URL(PG_URL!);
    database.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: database.toString(),
      UPLOADS_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // one after the other: each start bundles the server, and the first one migrates and seeds the database
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    proxy = roundRobin(servers.map((s) => s.port));
    via = await proxy.listen();
  });
  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) await server.stop();
    await s3?.close();
    rmSync(s3dir, { recursive: true, force: true });
    await admin(`drop database if exists ${dbName}`);
  });

  it('an avatar uploaded through the proxy shows after a reload, served by both servers', async () => {
    const { page } = b;
    await uiLogin(page, via);
    await page.goto(`${via}/manage/member`);
    const crud = page.locator('.qb-crud:visible');
    await visible(crud.getByTestId('crud-table'));
    await crud.getByTestId('toolbar-add').click();
    const form = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
    const name = `多实例${Date.now() % 100000}`;
    await form.getByLabel('昵称').fill(name);
    await form.getByLabel('手机号').fill('13912345678');
    await form.locator('[data-testid="image-upload"] input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    const preview = form.locator('.qb-image-upload img');
    await visible(preview);
    const avatar = (await preview.getAttribute('src'))!;
    expect(avatar).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]+\.png$/);
    await form.getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功', { exact: true }));

    /** the member's row in the list, its avatar loaded (naturalWidth > 0) */
    const avatarShows = async (p = page) => {
      await p.locator('.qb-crud:visible').getByTestId('search-bar').getByLabel('昵称').fill(name);
      await p.locator('.qb-crud:visible').getByTestId('search-submit').click();
      const img = p.locator('.qb-crud:visible .ant-table-tbody tr.ant-table-row').filter({ hasText: name }).locator('img.qb-cell-image');
      await visible(img);
      expect(await img.getAttribute('src')).toBe(avatar);
      await p.waitForFunction((el) => el !== null && (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
    };
    await page.reload();
    await visible(page.locator('.qb-crud:visible').getByTestId('crud-table'));
    await avatarShows();

    // fresh contexts (no image cache) until both servers have served the image; each one shows it
    const token = await apiLogin(via);
    const servedBy = () => new Set(proxy.log.filter((l) => l.url === avatar).map((l) => l.target));
    for (let i = 0; i < 3 && servedBy().size < 2; i++) {
      const context = await testContext(b.browser);
      try {
        const p = await context.newPage();
        await sessionLogin(p, via, token);
        await p.goto(`${via}/manage/member`);
        await visible(p.locator('.qb-crud:visible').getByTestId('crud-table'));
        await avatarShows(p);
      } finally {
        await context.close();
      }
    }
    expect(servedBy()).toEqual(new Set([0, 1]));
  });
});
