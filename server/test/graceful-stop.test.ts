/**
 * Issue 18 #4: SIGTERM during a streamed export of 60,000 rows. The server (a child process, as operators
 * run it, on SQLite) stops accepting connections at once, lets the export finish (a complete file, every
 * row), and exits 0.
 */
import net from 'node:net';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildApp, startChildApp } from './child-app.ts';
import { sleep } from './private-db.ts';

const ROWS = 60_000;

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('graceful stop', () => {
  let app: ChildApp;
  beforeAll(async () => {
    app = await startChildApp({ SHUTDOWN_DRAIN_MS: '60000' });
    const db = new Database(path.join(app.dataDir, 'app.sqlite'));
    db.pragma('busy_timeout = 10000');
    // ~330 bytes a row, 20 MB in all: far more than the sockets' buffers hold, so the export is still being written when the signal comes
    const desc = '长'.repeat(100);
    const insert = db.prepare('insert into testList (name, age, sex, status, isdelete, createTime, "desc") values (?, ?, 1, 1, 0, ?, ?)');
    db.transaction(() => {
      for (let i = 1; i <= ROWS; i++) insert.run(`导出行 ${i} 😀`, i % 90, '2024-01-02 03:04:05', desc);
    })();
    db.close();
  }, 120_000);
  afterAll(async () => app?.stop(), 30_000);

  it('lets a streamed export finish, refuses new connections, and exits 0', async () => {
    const query = new URLSearchParams({
      _flag: 'testList',
      sort: 'id',
      wheres: JSON.stringify({ name: { type: 'startsWith', value: '导出行' } }),
      format: 'csv',
      columns: JSON.stringify([
        { name: 'name', title: '名称' },
        { name: 'age', title: '年龄' },
        { name: 'desc', title: '描述' },
      ]),
    });
    const res = await fetch(`${app.base}/api/export/table/?${query}`, { headers: { authorization: app.token } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // the export is under way (its first bytes are here, the rest waits for this reader): stop the server now
    app.process.kill('SIGTERM');
    await sleep(1000);
    expect(app.exited(), app.output()).toBe(false);
    expect(await connects(app.port)).toBe(false);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((l) => l !== '');
    expect(lines[0]).toContain('名称');
    expect(lines.length).toBe(ROWS + 1);
    expect(lines[1]).toContain('导出行 1 😀');
    expect(lines[1]).toContain('长'.repeat(100));
    expect(lines[ROWS]).toContain(`导出行 ${ROWS} 😀`);
    // and it exits once the answer is out, not after the kept-alive connection's idle timeout (72 s)
    const read = Date.now();
    const { code, signal } = await app.exit;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - read).toBeLessThan(20_000);
  }, 120_000);
});
