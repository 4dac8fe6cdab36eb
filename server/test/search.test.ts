import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AnyDb, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { SYSTEM } from '../src/access/index.ts';
import { ScanGate } from '../src/search/scanGate.ts';
import { ScanWorkers } from '../src/search/scanWorkers.ts';
import { isUncased, whereExpression } from '../src/crud/wheres.ts';
import Database from '../src/db/sqliteDriver.ts';
import { checkAnswers } from './answers.ts';
import { ADMIN_PASSWORD, engines, freshDatabase, sha, startTestApp, type TestApp } from './helpers.ts';

// Keyword search (issue 21): the same answers as a plain `like` on every engine, through the index where there is one.
const NAMES = [
  'ABC信号传输的说法',
  'xyzabcq 题目',
  '100%_done 完成',
  '100 percent done',
  'x_y 下划线',
  '第 999999 题：信号',
  '信',
  '纯中文题目没有字母',
  'TCP/IP 协议',
];

/** The rows a contains-search must answer: ASCII letters compared without case (the one folding every engine shares). */
const contains = (text: string) => NAMES.filter((n) => n.toLowerCase().includes(text.toLowerCase())).sort();

const SEARCHES = ['abc', 'ABC', '信号', '信', '%', '_', '0%_', '%_d', '信号传', 'C信号', '第 999999 题', 'p', 'tcp/ip', 'qzxv', 'x_y', 'xy'];

/** SQLite: no statement of `statements` (with the values `values` gives it) is planned as a scan of questionBank. */
function expectNoTableScan(app: TestApp, statements: string[], values: (statement: string) => unknown[]) {
  const db = new Database(path.join(app.ctx.config.dataDir, 'app.sqlite'), { readonly: true });
  try {
    for (const q of statements) {
      const plan = db.prepare(`explain query plan ${q}`).all(...values(q)) as { detail: string }[];
      expect([q, plan.filter((r) => /^SCAN "?questionBank"?( |$)/.test(r.detail))]).toEqual([q, []]);
    }
  } finally {
    db.close();
  }
}

describe.each(engines)('keyword search on %s', (engine, url) => {
  let t: TestApp;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    for (const name of NAMES) {
      const res = await t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name } });
      expect(res.json()).toMatchObject({ status: 200 });
      const row = await t.ctx.conn.db.selectFrom('questionBank').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
  });
  afterAll(async () => t?.close());

  /** the names a search answers among this file's rows (the seed's questions left out), or among all rows */
  const namesOf = async (value: string, op = 'like', everywhere = false) => {
    const res = await t.select('questionBank', { row: '100', wheres: { name: { type: op, value }, ...(everywhere ? {} : { id: ids }) } });
    expect(res.body.status).toBe(200);
    const names = res.body.data.map((r: { name: string }) => r.name).sort();
    expect(res.body.total).toBe(names.length);
    return names;
  };

  it.each(SEARCHES)('contains %s: the rows a plain like answers, with an exact total', async (value) => {
    expect(await namesOf(value)).toEqual(contains(value));
  });

  it('startsWith and endsWith keep their meaning through the index', async () => {
    expect(await namesOf('100%_', 'startsWith')).toEqual(['100%_done 完成']);
    expect(await namesOf('题：信号', 'endsWith')).toEqual(['第 999999 题：信号']);
    expect(await namesOf('信号', 'startsWith')).toEqual([]);
  });

  it('keeps the index in step with saves, deletes and an import', async () => {
    const id = ids[1]!;
    const edit = await t.post('/api/action/save/', { _flag: 'questionBank', params: { id, parentId: 1, typeId: 1, name: 'renamed 改名后的题目' } });
    expect(edit.json()).toMatchObject({ status: 200 });
    expect(await namesOf('xyzabcq')).toEqual([]);
    expect(await namesOf('改名后的')).toEqual(['renamed 改名后的题目']);
    const del = await t.post('/api/action/delete/', { _flag: 'questionBank', id });
    expect(del.json()).toMatchObject({ status: 200 });
    expect(await namesOf('改名后的')).toEqual([]);
    // rows written in one transaction of batched inserts, as the import writes them
    await t.ctx.crud.writeTransaction(['questionBank'], async (trx) => {
      await trx
        .insertInto('questionBank')
        .values(Array.from({ length: 300 }, (_, k) => ({ parentId: 1, typeId: 1, name: `导入题 ${k} 号`, isdelete: 0 })))
        .execute();
    });
    expect((await namesOf('导入题 29', 'like', true)).length).toBe(11);
    await t.ctx.conn.db.deleteFrom('questionBank').where('name', 'like', '导入题 %').execute();
    expect(await namesOf('导入题', 'like', true)).toEqual([]);
    if (engine === 'sqlite') {
      // the FTS5 table agrees with its content table row for row, once it has caught up (the rows above the mark)
      await t.ctx.crud.searchUpkeep.settled();
      await sql`insert into ${sql.table('questionBank__search')} (${sql.table('questionBank__search')}, rank) values ('integrity-check', 1)`.execute(
        t.ctx.conn.db,
      );
      const hits = await sql<{
        id: number;
      }>`select rowid as id from ${sql.table('questionBank__search')} where ${sql.table('questionBank__search')} match ${'"改名后"'}`.execute(t.ctx.conn.db);
      expect(hits.rows.map((r) => Number(r.id))).toEqual([id]);
    }
  });

  it('finds rows inserted above the mark before the index catches up, and indexes them after the commit', async () => {
    if (engine !== 'sqlite') return;
    await t.ctx.crud.searchUpkeep.settled();
    const mark = async () =>
      Number((await sql<{ upto: number }>`select upto from qb_search_mark where tbl = 'questionBank'`.execute(t.ctx.conn.db)).rows[0]!.upto);
    const before = await mark();
    // written outside the crud (no catch-up scheduled): above the mark, not in the FTS5 table, still found
    await t.ctx.conn.db
      .insertInto('questionBank')
      .values(Array.from({ length: 5 }, (_, k) => ({ parentId: 1, typeId: 1, name: `尾部题 tailq ${k}`, isdelete: 0 })))
      .execute();
    const inFts = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table('questionBank__search')} where ${sql.table('questionBank__search')} match ${'"ilq" AND "部题 "'}`.execute(
            t.ctx.conn.db,
          )
        ).rows[0]!.n,
      );
    expect(await inFts()).toBe(0);
    expect((await namesOf('部题 tailq', 'like', true)).length).toBe(5);
    expect(await mark()).toBe(before);
    expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(5);
    expect(await mark()).toBeGreaterThan(before);
    expect(await inFts()).toBe(5);
    expect((await namesOf('部题 tailq', 'like', true)).length).toBe(5);
    // a row at or below the mark (an id given explicitly) is indexed by its insert; edits and deletes below the mark too
    const low = before + 1;
    await t.ctx.conn.db.deleteFrom('questionBank').where('id', '=', low).execute();
    await t.ctx.conn.db.insertInto('questionBank').values({ id: low, parentId: 1, typeId: 1, name: '低号题 lowid', isdelete: 0 }).execute();
    await t.ctx.conn.db.updateTable('questionBank').set({ name: '低号题 lowid 改' }).where('id', '=', low).execute();
    expect(await namesOf('号题 lowid 改', 'like', true)).toEqual(['低号题 lowid 改']);
    await sql`insert into ${sql.table('questionBank__search')} (${sql.table('questionBank__search')}, rank) values ('integrity-check', 1)`.execute(
      t.ctx.conn.db,
    );
    await t.ctx.conn.db.deleteFrom('questionBank').where('name', 'like', '%tailq%').execute();
    await t.ctx.conn.db.deleteFrom('questionBank').where('id', '=', low).execute();
    await sql`insert into ${sql.table('questionBank__search')} (${sql.table('questionBank__search')}, rank) values ('integrity-check', 1)`.execute(
      t.ctx.conn.db,
    );
  });

  it('answers a search of three characters or more from the index', async () => {
    if (engine === 'sqlite') {
      const fts = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table('questionBank__search')} where ${sql.table('questionBank__search')} match ${'"信号传"'}`.execute(t.ctx.conn.db);
      expect(Number(fts.rows[0]!.n)).toBe(1);
    }
    if (engine === 'postgres') {
      const idx = await sql<{
        n: number;
      }>`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = 'ix_sys_search__questionBank_0'`.execute(t.ctx.conn.db);
      // on the side table since migration 0010 (search-pg-side.test.ts)
      expect(Number(idx.rows[0]!.n)).toBe(1);
      expect([...(await t.ctx.crud.searchIndexes.columns('questionBank'))]).toEqual(['name']);
      expect([...(await t.ctx.crud.searchIndexes.sideColumns('questionBank'))]).toEqual(['name']);
    }
  });

  it('reads an indexed search off the event loop on SQLite (its candidates may be many: a common search)', async () => {
    const run = vi.spyOn(ScanWorkers.prototype, 'run');
    try {
      expect(await namesOf('信号传')).toEqual(contains('信号传'));
      // the page and the total, each in a worker thread; elsewhere the database server does the reading
      const sent = run.mock.calls.map(([query]) => query.sql).filter((q) => q.includes('questionBank__search'));
      expect(sent.length).toBe(engine === 'sqlite' ? 2 : 0);
    } finally {
      run.mockRestore();
    }
  });

  it('counts a scanning search of a large SQLite table in parts, one per scan worker, with the same total', async () => {
    // a row far along the key: the rowids span 400,000, the count of a search that reads every row is split in two
    const far = await t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name: '远处的 信号 题目' } });
    expect(far.json().status).toBe(200);
    const farId = Number((await t.ctx.conn.db.selectFrom('questionBank').select('id').where('name', '=', '远处的 信号 题目').executeTakeFirstOrThrow()).id);
    await t.ctx.conn.db.updateTable('questionBank').set({ id: 400_000 }).where('id', '=', farId).execute();
    const run = vi.spyOn(ScanWorkers.prototype, 'run');
    try {
      const everywhere = async (value: string) =>
        (await t.select('questionBank', { row: '100', wheres: { name: { type: 'like', value } } })).body as { total: number; data: unknown[] };
      const expected = Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table('questionBank')} where isdelete = 0 and name like ${'%信号%'}`.execute(t.ctx.conn.db))
          .rows[0]!.n,
      );
      const found = await everywhere('信号');
      expect(found.total).toBe(expected);
      expect(found.data).toHaveLength(expected);
      const counts = run.mock.calls.map(([query]) => query.sql).filter((q) => q.includes('count(*)'));
      expect(counts).toHaveLength(engine === 'sqlite' ? 2 : 0);
      if (engine === 'sqlite') for (const q of counts) expect(q).toMatch(/rowid >= \? and rowid <= \?/);
    } finally {
      run.mockRestore();
      await t.ctx.conn.db.deleteFrom('questionBank').where('id', '=', 400_000).execute();
      // written past the crud, which keeps the totals' versions: this instance's stored totals are dropped
      t.ctx.crud.counts.invalidate('questionBank');
    }
  });

  it('reads no aggregate over the whole table on the event loop while searching (SQLite: those go to the scan workers)', async () => {
    if (engine !== 'sqlite') return;
    // an app of its own: the connection keeps prepared statements by their text, and this one has prepared none yet
    const own = await startTestApp('sqlite');
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      for (const name of NAMES)
        expect((await own.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name } })).statusCode).toBe(200);
      for (const value of ['信号', '信', '信号传', 'qzxv', 'C信号']) {
        const res = await own.select('questionBank', { row: '100', wheres: { name: { type: 'like', value } } });
        expect(res.body.total).toBe(res.body.data.length);
      }
      const aggregates = [...new Set(prepare.mock.calls.map(([source]) => String(source)))].filter(
        (q) => /^select/i.test(q) && q.includes('"questionBank"') && /\b(count|min|max|sum)\(/i.test(q),
      );
      expect(aggregates.length).toBeGreaterThan(0);
      expectNoTableScan(own, aggregates, (q) => Array((q.match(/\?/g) ?? []).length).fill(null));
    } finally {
      prepare.mockRestore();
      await own.close();
    }
  });

  it('compares a search without cased letters with like on PostgreSQL (the rows ilike would answer, read faster)', async () => {
    for (const text of ['信号', '第 999999 题', '100%_', '（一）', 'カタカナ', '１２３', '!?']) expect(isUncased(text), text).toBe(true);
    for (const text of ['abc', 'ABC', 'ß', 'Ärger', 'ａ', 'Ω', '信号a']) expect(isUncased(text), text).toBe(false);
    const sqlOf = (value: string) => {
      const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
      return t.ctx.conn.db
        .selectFrom('questionBank')
        .select('id')
        .where((eb: any) => whereExpression(eb, plan.conditions, true, t.ctx.conn.engine))
        .compile().sql;
    };
    expect(sqlOf('信号')).toContain(' like ');
    expect(sqlOf('信号')).not.toContain(' ilike ');
    expect(sqlOf('abc').includes(' ilike ')).toBe(engine === 'postgres');
    // the same rows either way
    expect(await namesOf('信号')).toEqual(contains('信号'));
    expect(await namesOf('C信号')).toEqual(contains('C信号'));
  });

  it('reads a deep page as the same rows, deferred join or not', async () => {
    const page = { row: '3', page: '3', sort: 'name', sortType: 'desc' };
    t.ctx.crud.reading.deferredJoinFrom = Number.POSITIVE_INFINITY;
    const plain = await t.select('questionBank', page);
    t.ctx.crud.reading.deferredJoinFrom = 0;
    const deferred = await t.select('questionBank', page);
    t.ctx.crud.reading.deferredJoinFrom = 1000;
    expect(deferred.body.data).toEqual(plain.body.data);
    expect(deferred.body.data.length).toBe(3);
    expect(deferred.body.total).toBe(plain.body.total);
  });

  it('reads a deep page from the page keys out on SQLite, never the whole table in key order', async () => {
    if (engine !== 'sqlite') return;
    // an app of its own: the connection keeps prepared statements by their text, and this one has prepared none yet
    const own = await startTestApp('sqlite');
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      const writer = own.ctx.conn.sqlite!;
      const insert = writer.prepare("insert into questionBank (parentId, typeId, name, createTime, isdelete) values (1, 1, ?, '2026-01-01 00:00:00', 0)");
      writer.transaction(() => {
        for (let i = 0; i < 20_000; i++) insert.run(`第 ${i} 题`);
      })();
      writer.exec('analyze');
      // the default order (the key, ascending) and the other way, far from the start: deferred joins
      for (const sortType of ['asc', 'desc']) {
        const res = await own.select('questionBank', { row: '20', page: '900', sort: 'id', sortType });
        expect(res.body.data.length).toBe(20);
      }
      const deferred = [...new Set(prepare.mock.calls.map(([source]) => String(source)))].filter((q) => q.includes('qb_page'));
      expect(deferred.length).toBe(2);
      expectNoTableScan(own, deferred, () => [0, 20, 17_980]);
    } finally {
      prepare.mockRestore();
      await own.close();
    }
  });

  it('finds the rows of a database made before the index (migration 0007 builds it)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-search-'));
    const database = await freshDatabase(engine, url, dataDir);
    const conn = openConnection(database.url, dataDir);
    try {
      await migrate(conn.db, conn.engine, '0006_utf8mb4');
      await conn.db.insertInto('questionBank').values({ parentId: 1, typeId: 1, name: '升级前的题目 Legacy', isdelete: 0 }).execute();
      await migrate(conn.db, conn.engine);
      await seed(conn.db, conn.engine, ADMIN_PASSWORD);
      const ctx = createContext(
        loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
        conn,
      );
      const plan = ctx.crud.planSelect({ _flag: 'questionBank', wheres: JSON.stringify({ name: { type: 'like', value: '题目 leg' } }) }, SYSTEM);
      expect((await ctx.crud.readPage(plan)).map((r) => r.name)).toEqual(['升级前的题目 Legacy']);
      if (engine === 'sqlite') expect(plan.conditions[0]!.fts).toBe('questionBank__search');
    } finally {
      await conn.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migration 0008 on SQLite', () => {
  const shape = async (db: AnyDb) =>
    (
      await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where name like '%search%' order by name`.execute(
        db,
      )
    ).rows;

  it('leaves a database made before 0007 and one made with 0007 the same: FTS5 detail=none, the mark, the triggers', async () => {
    const shapes = [];
    for (const via of ['0006_utf8mb4', '0007_search']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-search-'));
      const database = await freshDatabase('sqlite', undefined, dataDir);
      const conn = openConnection(database.url, dataDir);
      try {
        await migrate(conn.db, conn.engine, via);
        await conn.db
          .insertInto('questionBank')
          .values({ parentId: 1, typeId: 1, name: `升级前的题目 ${via}`, isdelete: 0 })
          .execute();
        await migrate(conn.db, conn.engine);
        shapes.push(await shape(conn.db));
        const mark = await sql<{ upto: number }>`select upto from qb_search_mark where tbl = 'questionBank'`.execute(conn.db);
        expect(Number(mark.rows[0]!.upto)).toBe(1);
        const hits = await sql<{
          id: number;
        }>`select rowid as id from ${sql.table('questionBank__search')} where ${sql.table('questionBank__search')} match ${'"升级前" AND "的题目"'}`.execute(
          conn.db,
        );
        expect(hits.rows.map((r) => Number(r.id))).toEqual([1]);
        await sql`insert into ${sql.table('questionBank__search')} (${sql.table('questionBank__search')}, rank) values ('integrity-check', 1)`.execute(conn.db);
      } finally {
        await conn.close();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]!.find((r) => r.name === 'questionBank__search')!.sql).toContain('detail=none');
    expect(shapes[0]!.some((r) => r.name === 'qb_search_mark')).toBe(true);
  });
});

describe('scan gate', () => {
  it('lets at most two scans of a table run at once, in order, and the others proceed', async () => {
    const gate = new ScanGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (k: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      order.push(k);
      return k;
    };
    const other = gate.run('other', work(99));
    const results = await Promise.all([0, 1, 2, 3, 4].map((k) => gate.run('questionBank', work(k))));
    await other;
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBeLessThanOrEqual(3);
    expect(gate.active('questionBank')).toBe(0);
    expect(order.indexOf(99)).toBeLessThan(2);
  });
});

describe.skipIf(!process.env.TEST_PG_URL)('PostgreSQL without the right to create pg_trgm', () => {
  const admin = process.env.TEST_PG_URL!;
  const name = `t_notrgm_${crypto.randomBytes(4).toString('hex')}`;
  let dataDir: string;
  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create role ${name} login`);
    await c.query(`create database ${name} owner postgres`);
    await c.end();
    // the role may create tables in public, but not extensions (no CREATE on the database)
    const d = new pg.Client({ connectionString: Object.assign(new URL(admin), { pathname: `/${name}` }).toString() });
    await d.connect();
    await d.query(`grant all on schema public to ${name}`);
    await d.end();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-notrgm-'));
  });
  afterAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name}`);
    await c.query(`drop role if exists ${name}`);
    await c.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, logs it once, and searches as before', async () => {
    const u = new URL(admin);
    u.username = name;
    u.pathname = `/${name}`;
    const conn = openConnection(u.toString(), dataDir);
    const warnings: string[] = [];
    try {
      await migrate(conn.db, conn.engine);
      await seed(conn.db, conn.engine, ADMIN_PASSWORD);
      await conn.db.updateTable('sys_user').set({ mustChangePassword: 0 }).execute();
      const ext = await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(conn.db);
      expect(Number(ext.rows[0]!.n)).toBe(0);
      const ctx = createContext(loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', DATABASE_URL: u.toString() }), conn);
      const app = await buildApp(ctx, { logger: false });
      checkAnswers(app);
      ctx.crud.searchIndexes.log = { warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) };
      try {
        await conn.db.insertInto('questionBank').values({ parentId: 1, typeId: 1, name: '没有索引也能找到 Found', isdelete: 0 }).execute();
        const login = await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(ADMIN_PASSWORD) } });
        const token = login.json().token as string;
        for (const value of ['也能找到 found', '找到', 'no such text']) {
          const params = new URLSearchParams({ _flag: 'questionBank', wheres: JSON.stringify({ name: { type: 'like', value } }) });
          const res = await app.inject({ method: 'GET', url: `/api/select/?${params}`, headers: { authorization: token } });
          expect(res.json().total).toBe(value === 'no such text' ? 0 : 1);
        }
        expect(warnings.filter((w) => w.includes('pg_trgm'))).toHaveLength(1);
      } finally {
        await app.close();
      }
    } finally {
      await conn.close();
    }
  });
});
