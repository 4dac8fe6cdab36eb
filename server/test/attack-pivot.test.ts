import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Attack (issue 11 review): a SQLite source (type 5) pointed back at this server's own database or DATA_DIR through
 * every spelling a path has on Linux. The connection test is the route; a refusal is 400 and nothing is opened.
 */
describe('SQLite sources cannot reach this server own files (app on SQLite)', () => {
  let t: TestApp;
  let elsewhere: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-pivot-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  const test = (databaseName: string) =>
    t.post('/api/datasources/test/', { sqlType: 5, mainAddr: 'localhost', databaseName, databaseUser: '', databasePsd: '' });

  it('refuses /proc links, dot segments, URIs, a hard link and the journal files of the own database', async () => {
    const own = path.join(t.dataDir, 'app.sqlite');
    expect(fs.existsSync(own)).toBe(true);
    const fd = fs.readdirSync('/proc/self/fd').find((n) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${n}`) === fs.realpathSync(own);
      } catch {
        return false;
      }
    });
    expect(fd).toBeDefined();
    const hard = path.join(elsewhere, 'hard.sqlite');
    let hardLinked = true;
    try {
      fs.linkSync(own, hard);
    } catch {
      hardLinked = false;
    }
    const spellings = [
      `/proc/self/fd/${fd}`,
      `/proc/${process.pid}/fd/${fd}`,
      `/proc/self/root${own}`,
      `/proc/thread-self/root${own}`,
      `${path.dirname(t.dataDir)}/./${path.basename(t.dataDir)}//app.sqlite`,
      `${elsewhere}/../${path.basename(t.dataDir)}/../${path.basename(t.dataDir)}/app.sqlite`,
      `${own}-journal`,
      `${own}-wal`,
      path.join(t.dataDir, 'secret.key'),
      t.dataDir,
      ...(hardLinked ? [hard] : []),
    ];
    for (const databaseName of spellings) {
      const r = await test(databaseName);
      expect(r.statusCode, `${databaseName}: ${r.body}`).toBe(400);
      expect(r.json().message, databaseName).toBe('不能连接本系统自己的数据库文件或数据目录中的文件');
    }
    for (const databaseName of [`file:${own}`, `file://${own}`, `${own}?mode=ro`.replace(own, 'app.sqlite'), 'app.sqlite', `~/${path.basename(own)}`]) {
      const r = await test(databaseName);
      expect(r.statusCode, `${databaseName}: ${r.body}`).toBe(400);
    }
    // and a SQLite source cannot be remote
    expect(
      (
        await t.post('/api/datasources/test/', {
          sqlType: 5,
          mainAddr: 'evil.example',
          databaseName: path.join(elsewhere, 'x.sqlite'),
          databaseUser: '',
          databasePsd: '',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('read-back from another source refuses tables named as the app own or built-in tables, keeping nothing', async () => {
    const file = path.join(elsewhere, 'copy.sqlite');
    const other = new Database(file);
    for (const name of ['sys_user', 'SYS_ROLE', 'kysely_migration', 'questionBank', 'pg_shadow'])
      other.exec(`create table "${name}" (id integer primary key, loginid text, pass text)`);
    other.close();
    const saved = await t.post('/api/action/save/', {
      _flag: 'sys_connsql',
      params: { name: '副本', englishName: 'copy', sqlType: 5, mainAddr: 'localhost', port: 1, databaseName: file, databaseUser: '-' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sourceId = Number(saved.json().data.id);
    const sheets = async () => (await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute()).length;
    const before = await sheets();
    for (const tableName of ['sys_user', 'SYS_ROLE', 'kysely_migration', 'questionBank', 'pg_shadow']) {
      const r = await t.post('/api/datasources/readBack/', { sourceId, tableName });
      expect(r.statusCode, `${tableName}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${tableName}: ${r.body}`).toBeLessThan(500);
    }
    expect(await sheets()).toBe(before);
  });
});
