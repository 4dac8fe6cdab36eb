import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { otherPagesMatch, serverSearch } from './searchProbe.ts';
import { blocksAsRemade, blocksDrift } from './search-blocks-check.ts';
import { BITS_IDS } from '../src/db/migrations/0018_search_gram_bits.ts';

// MySQL/MariaDB (issue 30, fifth and seventh passes): rows loaded from outside in bulk, one range of ids above everything
// indexed, are appended to the gram rows chunk by chunk (blocks of BITS_IDS ids) (search/grams.ts appendRange) rather than the whole table made again; a
// search meanwhile reads the blocks' hits, the queue, and the rows of the range not appended yet with its own `like`
// (crud/wheres.ts gramCandidates). The test drives the catch-up chunk by chunk through its hook and compares every
// search with a plain `like` at several moments, with rows written from outside inside, below and above the range.
const url = process.env.TEST_MYSQL_URL;

describe.skipIf(!url)('MySQL/MariaDB: a bulk load appended to the gram blocks by range, searches exact during it', () => {
  let t: TestApp;
  let outside: mysql.Connection;
  beforeAll(async () => {
    t = await startTestApp('mysql', url);
    const database = new URL(t.ctx.config.databaseUrl!).pathname.slice(1);
    outside = await mysql.createConnection(`${url!.replace(/\/[^/]*$/, '')}/${database}`);
  });
  afterAll(async () => {
    await outside?.end();
    await t?.close();
  });

  const db = () => t.ctx.conn.db;
  const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(db())).rows[0]!.n);
  const escaped = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  /** a contains-search of questionBank.name through the API's reads: its page of up to 100 values and its total, against a plain like */
  const check = async (value: string) => {
    const wheres = JSON.stringify({ name: { type: 'like', value } });
    t.ctx.crud.counts.invalidate('questionBank');
    const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '100', wheres }, SYSTEM);
    const page = (await t.ctx.crud.readPage(plan)).map((r) => String(r.name)).sort();
    const res = await t.select('questionBank', { row: '1', wheres: { name: { type: 'like', value } } });
    const [plain] = (await outside.query(`select name from questionBank where name like ? and isdelete = 0 order by id`, [escaped(value)])) as unknown as [
      { name: string }[],
    ];
    expect(res.body.total, value).toBe(plain.length);
    if (plain.length <= 100) expect(page, value).toEqual(plain.map((r) => r.name).sort());
    else expect(page, value).toHaveLength(100);
    return { total: plain.length, grams: plan.conditions[0]!.grams !== undefined };
  };

  const searches = ['mixed case', 'MIXED', '50%', '%', '_', 'r_s', '百', '百分', 'zq', '范围载入', 'rangeq 1234', 'rangeq 4', 'zzzqqq', '题'];
  /** every search against a plain like; through the gram rows (or, `scan`, reading the table: a scan's worth queued) */
  const checkAll = async (scan = false) => {
    const found: Record<string, number> = {};
    for (const s of searches) {
      const { total, grams } = await check(s);
      // 范围载入 is in every loaded row: a common search (a scan's worth of hits) reads the table
      expect(grams, s).toBe(!scan && s !== '范围载入');
      found[s] = total;
    }
    return found;
  };

  // no catch-up but the test's own: a search asks for one of its table now and then (rows written outside)
  let noticed: (table: string) => void;
  beforeAll(() => {
    noticed = t.ctx.crud.searchUpkeep.noticed;
    t.ctx.crud.searchUpkeep.noticed = () => undefined;
  });
  afterAll(() => {
    if (t) t.ctx.crud.searchUpkeep.noticed = noticed;
  });

  it('appends only the queued range, chunk by chunk; every search exact at each moment; writes inside, below and above it kept', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    // rows already indexed, below the bulk load
    await outside.query(`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('早先的题 earlierq ', seq, if(seq = 30, ' 百分之百 zq', '')), 0 from seq_0_to_299`);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
    const [[{ top }]] = (await outside.query('select max(id) as top from questionBank')) as unknown as [{ top: number }[]];
    const blocksBelow = await count(`select count(*) as n from sys_searchb__questionBank where blk >= 0 and blk < ${Math.floor(top / BITS_IDS)}`);
    // the bulk load: 15,000 rows from outside, one range of ids above everything indexed
    await outside.query(`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('范围载入 RangeQ ', seq, case seq % 5000 when 7 then ' MiXeD CaSe' when 9 then ' 百分比 50%off' when 11 then ' under_score' else '' end), 0
      from seq_0_to_14999`);
    // 15,000 queued ids: read as scans until the range is taken
    const before = await checkAll(true);
    expect(before['范围载入']).toBe(15000);
    expect(before['mixed case']).toBe(3);

    const upkeep = t.ctx.crud.searchUpkeep;
    const moments: number[] = [];
    let blocksBelowDuring = -1;
    upkeep.bulkFrom = 1000;
    upkeep.gramRange = {
      chunkIds: BITS_IDS,
      afterChunk: async (next, hi) => {
        moments.push(next);
        // the range's queue rows were taken when it started: the queue holds only what was written since
        expect(await count('select count(*) as n from sys_searchq__questionBank')).toBeLessThan(10);
        if (next <= hi) expect(await count('select count(*) as n from sys_searchb__questionBank where blk = -1 and col = 255')).toBe(1);
        if (moments.length === 2) {
          blocksBelowDuring = await count(`select count(*) as n from sys_searchb__questionBank where blk >= 0 and blk < ${Math.floor(top / BITS_IDS)}`);
          // written from outside during the catch-up: rows of the range not appended yet, one appended, one below the range,
          // a new one above it
          await outside.query(`update questionBank set name = '改在范围内 InsideQ zq' where id = ?`, [next + BITS_IDS + 700]);
          // the next chunk is read already (while this one was written): a write to it after its read stays queued
          await outside.query(`update questionBank set name = '改在预读 PrefetchQ zq' where id = ?`, [next + 100]);
          await outside.query(`update questionBank set name = '改在已做 MadeQ zq' where id = ?`, [next - 3]);
          await outside.query(`update questionBank set name = '改在下面 BelowQ zq' where name = '早先的题 earlierq 5'`);
          await outside.query(`insert into questionBank (parentId, typeId, name, isdelete) values (1, 1, '新插入 AfterQ zq', 0)`);
          await outside.query(`delete from questionBank where name = '范围载入 RangeQ 4'`);
        }
        if (moments.length % 2 === 0 || next > hi) await checkAll();
      },
    };
    try {
      await upkeep.catchUp('questionBank');
    } finally {
      upkeep.bulkFrom = 50_000;
      upkeep.gramRange = {};
    }
    // 15,000 ids in chunks of BITS_IDS (the first may start inside the block of the last earlier row)
    expect(moments.length).toBeGreaterThanOrEqual(4);
    expect(moments).toEqual([...moments].sort((a, b) => a - b));
    // the blocks below the range were kept, not made again
    expect(blocksBelowDuring).toBe(blocksBelow);
    expect(await count('select count(*) as n from sys_searchb__questionBank where blk = -1')).toBe(0);
    const after = await checkAll();
    expect(after['zq']).toBe(6);
    // the writes made during it were queued, caught up by the usual turns after the range, in the same catch-up
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
    expect(await blocksDrift(db(), 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    await outside.query(`delete from questionBank where name like '%RangeQ%' or name like '%earlierq%' or name like '% zq'`);
    await upkeep.catchUp('questionBank');
  }, 180_000);

  it('a range left by a stopped catch-up goes on at the next one', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    await outside.query(`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('停下再续 ResumeQ ', seq, if(seq % 7000 = 3, ' 续做 tailq', '')), 0 from seq_0_to_20479`);
    const upkeep = t.ctx.crud.searchUpkeep;
    upkeep.bulkFrom = 1000;
    let stops = 0;
    // the hook throws after the second chunk: the mark stays, as when a server stops in the middle
    upkeep.gramRange = {
      chunkIds: BITS_IDS,
      afterChunk: async () => {
        if (++stops === 2) throw new Error('stopped here');
      },
    };
    try {
      await expect(upkeep.catchUp('questionBank')).rejects.toThrow('stopped here');
      expect(await count('select count(*) as n from sys_searchb__questionBank where blk = -1 and col = 255')).toBe(1);
      expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
      expect((await check('tailq')).total).toBe(3);
      expect((await check('resumeq 20479')).total).toBe(1);
      upkeep.gramRange = {};
      // the queue is empty: only the mark says what is left
      await upkeep.catchUp('questionBank');
    } finally {
      upkeep.bulkFrom = 50_000;
      upkeep.gramRange = {};
    }
    expect(await count('select count(*) as n from sys_searchb__questionBank where blk = -1')).toBe(0);
    expect((await check('tailq')).total).toBe(3);
    expect(await blocksAsRemade(db(), 'questionBank', ['name'])).toEqual({ differing: 0 });
    await outside.query(`delete from questionBank where name like '%ResumeQ%'`);
    await upkeep.catchUp('questionBank');
  }, 120_000);
  it('a search while a large range is left reads its total and page in one statement, the same as a plain like', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    await outside.query(`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('一次读完 OnePassQ ', seq, if(seq % 1000 = 7, ' RareWord 50%', '')), 0 from seq_0_to_11999`);
    const plain = async (value: string, page: number, row: number, dir: 'asc' | 'desc', by = 'name') => {
      const [all] = (await outside.query(`select name from questionBank where name like ? and isdelete = 0 order by ${by} ${dir}, id ${dir}`, [
        escaped(value),
      ])) as unknown as [{ name: string }[]];
      return { total: all.length, names: all.slice((page - 1) * row, page * row).map((r) => r.name) };
    };
    const upkeep = t.ctx.crud.searchUpkeep;
    let onePass = 0;
    let left = 0;
    upkeep.bulkFrom = 1000;
    upkeep.gramRange = {
      chunkIds: BITS_IDS,
      afterChunk: async (next, hi) => {
        left = Math.max(0, hi - next + 1);
        for (const v of ['rareword', 'onepassq 1199', '50%', 'zzqq']) {
          // the list call's page and total against the plain like (searchProbe), then other pages and orders
          const got = await serverSearch(t, v);
          expect({ v, total: got.total, names: got.names }).toEqual({ v, ...(await plain(v, 1, 50, 'asc', 'id')) });
          // in one statement while a scan's worth of the range is left (5,000 ids: the table's hundredth is less)
          onePass += await otherPagesMatch(t, v, plain, left >= 5000);
        }
      },
    };
    try {
      await upkeep.catchUp('questionBank');
    } finally {
      upkeep.bulkFrom = 50_000;
      upkeep.gramRange = {};
    }
    expect(onePass).toBeGreaterThan(0);
    expect(await blocksDrift(db(), 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    await outside.query(`delete from questionBank where name like '%OnePassQ%'`);
    await upkeep.catchUp('questionBank');
  }, 180_000);

  it('ids scattered over the table (no dense tail) are still made by the remake, exact', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    await outside.query(`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('散落的行 scatterq ', seq), 0 from seq_0_to_5999`);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    // two rows in nine renamed from outside: 1,333 queued ids (a fifth of the table and more), no block from which one id
    // in four is queued
    await outside.query(`update questionBank set name = concat(name, ' 改过 renamedq') where name like '散落的行 scatterq %' and id % 9 in (0, 1)`);
    // a row no catch-up by turns or by range touches (a block far above every id): gone only when the blocks are remade whole
    await outside.query(`insert into sys_searchb__questionBank (blk, col, raw, gram, bits) values (99999999, 0, 'zzz', 'zzz', x'0001')`);
    const upkeep = t.ctx.crud.searchUpkeep;
    upkeep.bulkFrom = 1000;
    const chunks: number[] = [];
    upkeep.gramRange = { afterChunk: async (next) => void chunks.push(next) };
    try {
      await upkeep.catchUp('questionBank');
    } finally {
      upkeep.bulkFrom = 50_000;
      upkeep.gramRange = {};
    }
    expect(chunks).toEqual([]);
    expect(await count('select count(*) as n from sys_searchb__questionBank where blk = 99999999')).toBe(0);
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
    const [[{ renamed }]] = (await outside.query(`select count(*) as renamed from questionBank where name like '%renamedq'`)) as unknown as [
      { renamed: number }[],
    ];
    expect(Number(renamed)).toBeGreaterThan(1300);
    expect((await check('renamedq')).total).toBe(Number(renamed));
    expect((await check('scatterq 5995')).total).toBe(1);
    expect(await blocksAsRemade(db(), 'questionBank', ['name'])).toEqual({ differing: 0 });
    await outside.query(`delete from questionBank where name like '%scatterq%'`);
    await upkeep.catchUp('questionBank');
  }, 120_000);
});
