// MySQL/MariaDB's keyword search index, its making timed old against new in one run (issue 30, docs/search.md "Issue 30,
// third pass: gram blocks"): for each size, a fresh database at every migration, the bench's questions generated, then in
// turn (the order alternating per size) the grams of migration 0012 (one row per character, made as its catch-up of a
// large queue made them: one `insert … select` per column into an empty table, the id key after) and the gram rows of
// migration 0018 (0016's blocks before it: every row queued, the server's catch-up made them from the base rows). Then
// searches through them against a plain `like`, totals compared. Needs TEST_MYSQL_URL.
// Knobs: BENCH_GRAMS_ROWS (default 100000,300000), BENCH_GRAMS_OLD=off skips the old index (slow: minutes at 300,000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SYSTEM } from '../src/access/index.ts';
import { createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConnection } from '../src/db/connection.ts';
import { createGramTable, gramIdKey, gramsInsert, unbounded } from '../src/db/migrations/0012_search_grams.ts';
import { blockTable } from '../src/db/migrations/0016_search_gram_blocks.ts';
import { mysqlGramBits } from '../src/db/migrations/0018_search_gram_bits.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { freshDatabase } from '../test/helpers.ts';

const url = process.env.TEST_MYSQL_URL;
if (!url) throw new Error('TEST_MYSQL_URL is needed');
const sizes = (process.env.BENCH_GRAMS_ROWS ?? '100000,300000').split(',').map(Number);
const TOPICS = [
  '下列关于信号传输的说法哪一项是正确的？',
  '下列说法中哪一项是正确的？ (TCP/IP)',
  '驾驶机动车在道路上行驶应当遵守哪些规定？',
  '关于公务员考试的申论写作，以下哪项正确？',
  'Choose the word that best completes the sentence.',
  '下列哪个选项属于可再生能源？',
  '根据材料回答问题：经济增长的主要动力是什么？',
  '以下哪一项不是计算机网络的拓扑结构？',
];
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

console.log('| questions | 0012: grams made (rows) | 0018: gram rows made (rows) | load average before / after |\n|---|---|---|---|');
for (const [k, rows] of sizes.entries()) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-grams-'));
  const database = await freshDatabase('mysql', url, dataDir);
  const conn = openConnection(database.url, dataDir, { statementTimeoutMs: 0 });
  try {
    await migrate(conn.db, 'mysql');
    await seed(conn.db, 'mysql', 'bench-password-1');
    await conn.db.deleteFrom('questionBank').execute();
    const topics = sql.join(TOPICS.map((t) => sql`${t}`));
    await sql`insert into questionBank (parentId, typeId, name, options, correctOptions, subject, createTime, isdelete)
      select 1 + seq % 20, 1 + seq % 200, concat('第 ', seq, ' 题：', elt(1 + seq % 8, ${topics})), '[]', 'A', '解析文字', '2026-01-01 00:00:00', 0
      from ${sql.table(`seq_0_to_${rows - 1}`)}`.execute(conn.db);
    await sql`analyze table questionBank`.execute(conn.db);
    const loadBefore = load();
    const old = async () => {
      if (process.env.BENCH_GRAMS_OLD === 'off') return 'not run';
      const started = performance.now();
      await sql`drop table if exists qb_bench_oldgrams`.execute(conn.db);
      await createGramTable(conn.db, 'qb_bench_oldgrams', ['name'], 'utf8mb4_unicode_520_ci');
      await sql`set session unique_checks = 0`.execute(conn.db);
      for (const statement of gramsInsert('questionBank', ['name'], 'qb_bench_oldgrams')) await sql.raw(await unbounded(conn.db, statement)).execute(conn.db);
      await sql`set session unique_checks = 1`.execute(conn.db);
      await gramIdKey(conn.db, 'qb_bench_oldgrams');
      const took = performance.now() - started;
      const n = (await sql<{ n: number }>`select count(*) as n from qb_bench_oldgrams`.execute(conn.db)).rows[0]!.n;
      await sql`drop table qb_bench_oldgrams`.execute(conn.db);
      return `${s(took)} (${Number(n).toLocaleString('en-US')})`;
    };
    const ctx = createContext(loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', DATABASE_URL: database.url }), conn);
    const fresh = async () => {
      await mysqlGramBits(conn.db, 'questionBank', ['name']);
      const started = performance.now();
      await ctx.crud.searchUpkeep.catchUp('questionBank');
      const took = performance.now() - started;
      const n = (await sql<{ n: number }>`select count(*) as n from ${sql.table(blockTable('questionBank'))}`.execute(conn.db)).rows[0]!.n;
      return `${s(took)} (${Number(n).toLocaleString('en-US')})`;
    };
    let a: string;
    let b: string;
    if (k % 2 === 0) {
      a = await old();
      b = await fresh();
    } else {
      b = await fresh();
      a = await old();
    }
    console.log(`| ${rows.toLocaleString('en-US')} | ${a} | ${b} | ${loadBefore} / ${load()} |`);
    // searches through the blocks, each against a plain like (first call, then again)
    for (const value of ['信号传输', `第 ${rows - 1} 题`, `${rows - 7}`, 'qzxv', '拓扑', '扑', 'CHOOSE the']) {
      const times: number[] = [];
      let total = 0;
      for (let call = 0; call < 3; call++) {
        ctx.crud.counts.invalidate('questionBank');
        const plan = ctx.crud.planSelect({ _flag: 'questionBank', row: '20', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
        const started = performance.now();
        const [, count] = await Promise.all([ctx.crud.readPage(plan), ctx.crud.countRows(plan)]);
        times.push(performance.now() - started);
        total = count;
      }
      const plain = await sql<{ n: number }>`select count(*) as n from questionBank where isdelete = 0 and name like ${`%${value}%`}`.execute(conn.db);
      console.log(
        `    ${value}: ${total.toLocaleString('en-US')} rows (plain like ${Number(plain.rows[0]!.n).toLocaleString('en-US')}), page and total ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`,
      );
    }
  } finally {
    await conn.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
