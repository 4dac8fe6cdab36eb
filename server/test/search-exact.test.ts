import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { engines, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';
import { blocksDrift } from './search-blocks-check.ts';

// Issue 30: on every engine a contains-search through the index (SQLite's FTS5, PostgreSQL's side table, MySQL/MariaDB's
// gram blocks of migration 0016) finds exactly the rows and total of a plain `like` (the same app with the index off):
// Chinese, Latin, mixed case, `%`, `_`, one and two characters; rows written by the server, by another instance and by
// SQL from outside, before and after the index catches up.
const NAMES = [
  '下列关于信号传输的说法哪一项是正确的？',
  '信号',
  '号',
  'Choose the WORD that best completes',
  'choose the word',
  'CHOOSE',
  '百分比 100% 正确',
  '下划线 a_b 与 axb',
  '尾随空格 ab ',
  'ab',
  'Straße und STRASSE',
  'Maß',
  'ǆungla džungla',
  'x\u200bya b\u0301c',
  'Ärger ärgern',
  '混合 MiXeD 大小写',
  '第 42 题：信号传输',
  '  ',
];
const SEARCHES = [
  '信号',
  '号',
  '信号传输',
  'word',
  'WORD',
  'Choose the',
  'c',
  'ch',
  '%',
  '100%',
  '_',
  'a_b',
  'b ',
  'ab',
  'ab ',
  'straße',
  'ß',
  'ss',
  'ǆ',
  'dž',
  'd',
  'xy',
  'x\u200by',
  'b\u0301',
  'ä',
  'ÄRG',
  'mixed 大',
  '第 42',
  'zzz',
  ' ',
];

describe.each(engines)('a contains-search through the index finds what a plain like finds on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** the names and total of a search, read through the index and read with a plain `like`, compared; the plan's condition */
  const compare = async (value: string) => {
    const wheres = JSON.stringify({ name: { type: 'like', value } });
    const read = async (indexed: boolean) => {
      t.ctx.crud.reading.indexedSearch = indexed;
      try {
        const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '500', wheres }, SYSTEM);
        const names = (await t.ctx.crud.readPage(plan)).map((r) => String(r.id)).sort();
        t.ctx.crud.counts.invalidate('questionBank');
        const res = await t.select('questionBank', { row: '1', wheres: { name: { type: 'like', value } } });
        t.ctx.crud.counts.invalidate('questionBank');
        return { names, total: res.body.total as number, condition: plan.conditions[0]! };
      } finally {
        t.ctx.crud.reading.indexedSearch = true;
      }
    };
    const plain = await read(false);
    const indexed = await read(true);
    expect({ value, names: indexed.names, total: indexed.total }).toEqual({ value, names: plain.names, total: plain.total });
    expect(plain.total).toBe(plain.names.length);
    return indexed.condition;
  };
  const compareAll = async () => {
    const used = [];
    for (const value of SEARCHES) {
      const c = await compare(value);
      used.push(Boolean(c.fts || c.side || c.grams));
    }
    return used;
  };
  const insertOutside = async (names: string[]) => {
    const db = t.ctx.conn.db;
    for (const name of names)
      await sql`insert into ${sql.table('questionBank')} (${sql.ref('parentId')}, ${sql.ref('typeId')}, name, isdelete) values (1, 1, ${name}, 0)`.execute(db);
  };

  it('rows saved by the server, before and after the catch-up', async () => {
    for (const name of NAMES) {
      const res = await t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name } });
      expect(res.statusCode).toBe(200);
    }
    await compareAll();
    await t.ctx.crud.searchUpkeep.settled();
    const used = await compareAll();
    // the index answers searches on the engines that have one (MySQL/MariaDB too, since migration 0012)
    if (engine === 'mysql') expect(used.every(Boolean)).toBe(true);
    if (engine !== 'mysql') expect(used.some(Boolean)).toBe(true);
  });

  it('rows written by SQL from outside the server (no catch-up asked for), changed and deleted, before and after the catch-up', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    await insertOutside(NAMES.map((n) => `外部 ${n}`));
    await compareAll();
    const db = t.ctx.conn.db;
    await sql`update ${sql.table('questionBank')} set name = ${'改成 AB 了'} where name = ${'外部 ab'}`.execute(db);
    await sql`update ${sql.table('questionBank')} set name = ${'外部 信号 b'} where name = ${'外部 信号'}`.execute(db);
    await sql`delete from ${sql.table('questionBank')} where name = ${'外部 CHOOSE'}`.execute(db);
    await compareAll();
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    if (engine === 'mysql') {
      // caught up: the gram blocks answer alone (an empty queue), each row's grams in its block and nothing else
      // (the changed and deleted rows' old grams gone with their blocks made again)
      expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table('sys_searchq__questionBank')}`.execute(db)).rows[0]!.n)).toBe(0);
      expect(await blocksDrift(db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    }
    await compareAll();
    // a case-only change and a trailing space are changes of the grams (compared as bytes)
    await sql`update ${sql.table('questionBank')} set name = ${'外部 信号 b '} where name = ${'外部 信号 b'}`.execute(db);
    await sql`update ${sql.table('questionBank')} set name = ${'改成 ab 了'} where name = ${'改成 AB 了'}`.execute(db);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    if (engine === 'mysql') expect(await blocksDrift(db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    await compareAll();
  });

  it('rows saved by another instance', async () => {
    const second = await startSecondInstance(t);
    try {
      await t.ctx.crud.searchUpkeep.settled();
      for (const name of ['另一实例 信号 Choose', '另一实例 100% a_b']) {
        await second.ctx.crud.writeTransaction(['questionBank'], (trx) =>
          trx.insertInto('questionBank').values({ parentId: 1, typeId: 1, name, isdelete: 0 }).execute(),
        );
      }
      await compareAll();
      await second.ctx.crud.searchUpkeep.settled();
      await compareAll();
    } finally {
      await second.close();
    }
  });
});
