// Keyword search benchmark (issues 21, 30): the generic list call on questionBank with 1,000,000 generated questions, on
// SQLite and, when their URLs are set (TEST_PG_URL, TEST_MYSQL_URL), PostgreSQL and MySQL/MariaDB. For each engine it
// prints the issue's table (five searches, five calls each: total, median, max; the first call counts, the count
// cache answers the others) before (plain LIKE and OFFSET, no search index) and after (every migration's search index,
// deferred join), the index's build, the write path (200 saves, 100,000 rows inserted as the import does) before and
// after, and how long /api/health and /api/health/ready took while 8 new searches ran at once. "Before" is the database
// at every migration with the search structures of the indexed tables dropped (FTS5 tables and marks, side tables and
// queues, gram blocks and queues, with their triggers: search/indexes.ts), "after" the same made again by the functions the
// migrations use (so that the bench follows the schema: the seed writes what the last migration made).
// Knobs: BENCH_SEARCH_ROWS or the first argument (default 1000000), BENCH_SEARCH_ENGINES (sqlite,postgres,mysql).
// Then (issue 30; BENCH_SEARCH_BULK=off skips it) as many rows again are loaded by SQL while the server is stopped, the
// server starts, and its catch-up and the searches meanwhile are timed (each also read as a plain scan, the read it
// replaces), with /api/health every 50 ms and a save every 200 ms meanwhile; last, the issue's goal table of each engine,
// then of every engine side by side. BENCH_SEARCH_BULK=only: the bulk load alone (no before/after phases).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AnyDb, type Engine, openConnection } from '../src/db/connection.ts';
import { SEARCHED } from '../src/db/migrations/0007_search.ts';
import { dropSqliteSearchIndex, sqliteSearchIndex } from '../src/db/migrations/0008_search_upkeep.ts';
import { dropPgSearchSide, pgSearchSide, trigramSchemaOf } from '../src/db/migrations/0010_search_side.ts';
import { dropMysqlGramBlocks } from '../src/db/migrations/0016_search_gram_blocks.ts';
import { mysqlGramBits } from '../src/db/migrations/0018_search_gram_bits.ts';
import { catchUpGrams } from '../src/search/grams.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { freshDatabase, sha } from '../test/helpers.ts';

const ROWS = Number(process.argv[2] ?? process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const WRITE_ROWS = Math.min(100_000, Math.max(1000, Math.round(ROWS / 10)));
const SAVES = 200;
const CALLS = 5;
const PASSWORD = 'bench-password-1';
const wanted = (process.env.BENCH_SEARCH_ENGINES ?? 'sqlite,postgres,mysql').split(',');
const engines: [Engine, string | undefined][] = [
  ['sqlite', undefined],
  ['postgres', process.env.TEST_PG_URL],
  ['mysql', process.env.TEST_MYSQL_URL],
].filter(([e, url]) => wanted.includes(e!) && (e === 'sqlite' || url)) as [Engine, string | undefined][];

/** One question in eight is about 信号; no question holds a Latin fragment like qzxv. */
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
const lastQuestion = `第 ${ROWS - 1} 题`;
const deepPage = Math.max(2, Math.floor((ROWS * 0.98) / 20));
const SEARCHES: { label: string; query: Record<string, unknown> }[] = [
  { label: '`name` like 信号 (one question in eight)', query: { wheres: { name: { type: 'like', value: '信号' } } } },
  { label: '`name` like 信号传输 (one question in eight, 4 characters)', query: { wheres: { name: { type: 'like', value: '信号传输' } } } },
  { label: '`name` like qzxv (found nowhere)', query: { wheres: { name: { type: 'like', value: 'qzxv' } } } },
  { label: `\`name\` like ${lastQuestion} (one question)`, query: { wheres: { name: { type: 'like', value: lastQuestion } } } },
  { label: '`parentId` = 7 (indexed)', query: { wheres: { parentId: 7 } } },
  { label: `no filter, page ${deepPage} (offset ${(deepPage - 1) * 20})`, query: { page: String(deepPage) } },
];
/** Searches typed for the first time, all at once, while /api/health is asked. */
// rare ones, and a common one (信号传输: one question in eight, 3+ characters: the FTS5 index's candidates are counted)
const BURST = ['zzq1', 'zzq2', '信号传输x', 'kqj', 'Choose thx', '公务员考试的申论写作，以下哪项正确？x', 'wvu', '信号传输的说'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;

async function generate(db: AnyDb, engine: Engine, sqlite: import('better-sqlite3').Database | undefined, rows: number, offset = 0) {
  const options = JSON.stringify(['选项一', '选项二', '选项三', '选项四']);
  if (engine === 'sqlite') {
    const insert = sqlite!.prepare(
      'insert into questionBank (parentId, typeId, name, options, correctOptions, subject, createTime, isdelete) values (?, ?, ?, ?, ?, ?, ?, 0)',
    );
    const batch = sqlite!.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++)
        insert.run(1 + (i % 20), 1 + (i % 200), `第 ${i} 题：${TOPICS[i % 8]}`, options, 'ABCD'[i % 4], '解析文字', '2026-01-01 00:00:00');
    });
    for (let from = offset; from < offset + rows; from += 100_000) batch(from, Math.min(offset + rows, from + 100_000));
    sqlite!.exec('analyze');
    return;
  }
  const topics = sql.join(TOPICS.map((t) => sql`${t}`));
  if (engine === 'postgres') {
    await sql`insert into "questionBank" ("parentId", "typeId", name, options, "correctOptions", subject, "createTime", isdelete)
      select 1 + i % 20, 1 + i % 200, '第 ' || i || ' 题：' || (array[${topics}])[1 + i % 8], ${options}, substr('ABCD', 1 + i % 4, 1), '解析文字',
             timestamp '2026-01-01 00:00:00', 0
      from generate_series(${offset}::int, ${offset + rows - 1}::int) as i`.execute(db);
    await sql`vacuum analyze "questionBank"`.execute(db);
    return;
  }
  // MariaDB's sequence engine: seq_A_to_B is a table of the numbers A to B
  await sql`insert into questionBank (parentId, typeId, name, options, correctOptions, subject, createTime, isdelete)
    select 1 + seq % 20, 1 + seq % 200, concat('第 ', seq, ' 题：', elt(1 + seq % 8, ${topics})), ${options}, substr('ABCD', 1 + seq % 4, 1), '解析文字',
           '2026-01-01 00:00:00', 0
    from ${sql.table(`seq_${offset}_to_${offset + rows - 1}`)}`.execute(db);
  await sql`analyze table questionBank`.execute(db);
}

/**
 * The search structures of every indexed table (SEARCHED): dropped ("before": no index, no trigger), or made again from
 * the rows by the functions of their migrations (0008 on SQLite, 0010 on PostgreSQL, 0018 on MySQL/MariaDB).
 */
async function searchStructures(db: AnyDb, engine: Engine, made: boolean) {
  const schema = engine === 'postgres' ? await trigramSchemaOf(db) : undefined;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (engine === 'sqlite') await (made ? sqliteSearchIndex(db, table, columns) : dropSqliteSearchIndex(db, table));
    else if (engine === 'postgres') await (made && schema ? pgSearchSide(db, table, columns, schema) : dropPgSearchSide(db, table));
    else if (made) await mysqlGramBits(db, table, columns);
    else await dropMysqlGramBlocks(db, table);
  }
}

interface Phase {
  searches: { label: string; total: unknown; median: number; max: number }[];
  health: { health: number; ready: number; burst: number };
  saves: number;
  insert: number;
  /** SQLite after 0008: the index catching up with the inserted rows, after their commit (off the write path) */
  catchUp: number;
}

async function phase(engine: Engine, url: string | undefined, dataDir: string, after: boolean): Promise<Phase> {
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
  const conn = openConnection(config.databaseUrl, config.dataDir, { statementTimeoutMs: 30_000 });
  const ctx = createContext(config, conn);
  if (!after) {
    ctx.crud.reading.indexedSearch = false;
    ctx.crud.reading.deferredJoinFrom = Number.POSITIVE_INFINITY;
  }
  const app = await buildApp(ctx, { logger: false });
  // the index made at the start (MySQL: mysqlGramBits queues the existing rows, the server cuts their gram rows) before timing
  const started = performance.now();
  await ctx.crud.searchUpkeep.everyTable();
  await ctx.crud.searchUpkeep.settled();
  const startCatchUp = performance.now() - started;
  if (after && startCatchUp >= 1000) console.log(`\nthe index caught up at the server's start in ${ms(startCatchUp)}`);
  const generated = await conn.db
    .selectFrom('questionBank')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(PASSWORD) } });
    const token = login.json().token as string;
    const get = (u: string) => app.inject({ method: 'GET', url: u, headers: { authorization: token } });
    const select = async (query: Record<string, unknown>) => {
      const params = new URLSearchParams({ _flag: 'questionBank', row: '20' });
      for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      const started = performance.now();
      const res = await get(`/api/select/?${params}`);
      const took = performance.now() - started;
      const body = res.json();
      if (!body.status) throw new Error(`${engine}: ${res.statusCode} ${JSON.stringify(body).slice(0, 300)}`);
      return { took, total: body.total as number };
    };
    const searches: Phase['searches'] = [];
    for (const s of SEARCHES) {
      const times: number[] = [];
      let total: unknown;
      for (let k = 0; k < CALLS; k++) {
        const r = await select(s.query);
        times.push(r.took);
        total = s.query.page ? '—' : r.total;
      }
      searches.push({ label: s.label, total, median: median(times), max: Math.max(...times) });
    }
    // /api/health and its readiness (which asks the database) while new searches run at once
    const probes = { health: 0, ready: 0 };
    let running = true;
    const probe = (async () => {
      while (running) {
        for (const u of ['/api/health', '/api/health/ready'] as const) {
          const started = performance.now();
          await app.inject({ method: 'GET', url: u });
          const took = performance.now() - started;
          if (u === '/api/health') probes.health = Math.max(probes.health, took);
          else probes.ready = Math.max(probes.ready, took);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const burstStarted = performance.now();
    await Promise.all(BURST.map((value) => select({ wheres: { name: { type: 'like', value } } })));
    const burst = performance.now() - burstStarted;
    running = false;
    await probe;
    // the write path: saves through the API, then rows inserted in batches of 500 in one transaction (as the import does)
    const savesStarted = performance.now();
    for (let k = 0; k < SAVES; k++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/action/save/',
        headers: { authorization: token },
        payload: { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name: `保存的题目 ${after ? 'b' : 'a'} ${k}：信号是什么？` } },
      });
      if (!res.json().status) throw new Error(`save: ${res.body}`);
    }
    const saves = (performance.now() - savesStarted) / SAVES;
    const insertStarted = performance.now();
    await ctx.crud.writeTransaction(['questionBank'], async (trx) => {
      for (let from = 0; from < WRITE_ROWS; from += 500) {
        const values = Array.from({ length: Math.min(500, WRITE_ROWS - from) }, (_, k) => ({
          parentId: 2,
          typeId: 3,
          name: `导入的题目 ${after ? 'b' : 'a'} ${from + k}：${TOPICS[(from + k) % 8]}`,
          options: '[]',
          correctOptions: 'A',
          subject: '',
          createTime: '2026-01-02 00:00:00',
          isdelete: 0,
        }));
        await trx.insertInto('questionBank').values(values).execute();
      }
    });
    const insert = performance.now() - insertStarted;
    const catchUpStarted = performance.now();
    await ctx.crud.searchUpkeep.settled();
    const catchUp = performance.now() - catchUpStarted;
    // back to the generated rows, for the next phase to search the same table
    await conn.db.deleteFrom('questionBank').where('id', '>', Number(generated.id)).execute();
    await ctx.crud.searchUpkeep.settled();
    return { searches, health: { ...probes, burst }, saves, insert, catchUp };
  } finally {
    await app.close();
    await conn.close();
  }
}

interface Bulk {
  load: number;
  catchUp: number;
  /** the searches' times during the catch-up */
  times: number[];
  /** the same searches as plain scans (no index: the read they replace), run between them, during the catch-up too */
  plainTimes: number[];
  exact: boolean;
  /** /api/health asked every 50 ms during the catch-up: the longest answer (the event loop's longest turn, about) */
  health: number;
  /** saves through the API during the catch-up, one every 200 ms: their times */
  saves: number[];
  /** SQLite: the worker's chunks (rows, the time its write transaction held the lock) */
  chunks: { rows: number; ms: number; at: number }[];
  /** each search meanwhile (indexed): which, when it started (ms after the server's start), how long it took */
  searches: { value: string; at: number; ms: number }[];
}

/**
 * Rows arriving from outside (issue 30 #1): BULK rows inserted by SQL while the server is stopped, then the server
 * starts; its catch-up is timed, and searches (rare, absent, common) run meanwhile, each total checked.
 */
async function bulkPhase(engine: Engine, url: string | undefined, dataDir: string): Promise<Bulk> {
  const loading = openConnection(url, dataDir);
  const loadStarted = performance.now();
  await generate(loading.db, engine, loading.sqlite, ROWS, ROWS);
  const load = performance.now() - loadStarted;
  await loading.close();
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
  const conn = openConnection(config.databaseUrl, config.dataDir, { statementTimeoutMs: 30_000 });
  const ctx = createContext(config, conn);
  const chunks: Bulk['chunks'] = [];
  const started = performance.now();
  ctx.crud.searchUpkeep.afterFtsChunk = async (rows, took) => void chunks.push({ rows, ms: took, at: performance.now() - started });
  const app = await buildApp(ctx, { logger: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(PASSWORD) } });
    const token = login.json().token as string;
    let done = false;
    const settled = ctx.crud.searchUpkeep.settled().then(() => (done = true));
    // the event loop and the write path meanwhile: /api/health every 50 ms, a save every 200 ms (texts no search finds)
    let health = 0;
    const saves: number[] = [];
    const healthProbe = (async () => {
      while (!done) {
        const t0 = performance.now();
        await app.inject({ method: 'GET', url: '/api/health' });
        health = Math.max(health, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const saveProbe = (async () => {
      for (let k = 0; !done; k++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/action/save/',
          headers: { authorization: token },
          payload: { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name: `批量时保存 ${k}` } },
        });
        if (!res.json().status) throw new Error(`save during the catch-up: ${res.body}`);
        saves.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const expected: [string, number][] = [
      [`第 ${ROWS + (4242 % ROWS)} 题`, 1],
      ['qzxv', 0],
      ['信号传输', 2 * (ROWS / 8)],
    ];
    const times: number[] = [];
    const plainTimes: number[] = [];
    const searches: Bulk['searches'] = [];
    let exact = true;
    const timed = async (value: string, total: number, indexed: boolean) => {
      ctx.crud.counts.invalidate('questionBank');
      ctx.crud.reading.indexedSearch = indexed;
      const params = new URLSearchParams({ _flag: 'questionBank', row: '20', wheres: JSON.stringify({ name: { type: 'like', value } }) });
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/select/?${params}`, headers: { authorization: token } });
      const took = performance.now() - t0;
      ctx.crud.reading.indexedSearch = true;
      if (res.json().total !== total) exact = false;
      if (indexed && !done) searches.push({ value, at: t0 - started, ms: took });
      return took;
    };
    for (let round = 0; !done; round++) {
      for (const [value, total] of expected) {
        // the search as the server reads it now and, in the first two rounds, as a plain scan (the read it replaces),
        // both during the catch-up, in turn first (the first read of freshly loaded rows pays for what it leaves in the
        // caches); later rounds search only (plain scans of the whole table all along would slow the catch-up they time)
        if (round >= 2) {
          const a = await timed(value, total, true);
          if (done) break;
          times.push(a);
          continue;
        }
        const first = round % 2 === 0;
        const a = await timed(value, total, first);
        if (done) break;
        const b = await timed(value, total, !first);
        if (done) break;
        times.push(first ? a : b);
        plainTimes.push(first ? b : a);
      }
    }
    await settled;
    const catchUp = performance.now() - started;
    await Promise.all([healthProbe, saveProbe]);
    return { load, catchUp, times, plainTimes, exact, health, saves, chunks, searches };
  } finally {
    await app.close();
    await conn.close();
  }
}

/** Issue 30's goal table: per figure, its goal and each engine's cell (the last phase, every migration, against the phase without an index). */
const GOALS: { figure: string; goal: string }[] = [
  { figure: 'first-call contains-search (4 searches), median / max', goal: '≤ 50 / ≤ 150 ms' },
  { figure: `page ${deepPage.toLocaleString('en-US')} of ${Math.ceil(ROWS / 20).toLocaleString('en-US')}, median / max`, goal: '≤ 100 ms' },
  { figure: `searches while ${ROWS.toLocaleString('en-US')} rows loaded from outside are caught up, median / max (n)`, goal: '≤ 300 ms, exact' },
  { figure: '  the same searches as plain scans meanwhile (the read they replace), median / max', goal: '' },
  { figure: `catch-up of ${ROWS.toLocaleString('en-US')} rows loaded from outside (table of ${(2 * ROWS).toLocaleString('en-US')})`, goal: '≤ 20 s' },
  { figure: '  /api/health during the catch-up (every 50 ms), max', goal: '≤ 100 ms' },
  { figure: '  a save during the catch-up (every 200 ms), median / max (n)', goal: '~100 ms' },
  { figure: `a save; ${WRITE_ROWS.toLocaleString('en-US')} rows inserted, against no index`, goal: 'within 20%' },
];
const goalCells = new Map<string, string[]>();

function goalTable(engine: string, before: Phase | undefined, after: Phase | undefined, bulk: Bulk | undefined) {
  const contains = after?.searches.filter((s) => s.label.includes('like')) ?? [];
  const page = after?.searches.find((s) => s.label.startsWith('no filter'));
  const pct = (x: number, y: number) => `${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(0)}%`;
  const spread = (xs: number[]) => (xs.length ? `${ms(median(xs))} / ${ms(Math.max(...xs))}` : '—');
  const cells = [
    after ? `${ms(median(contains.map((s) => s.max)))} / ${ms(Math.max(...contains.map((s) => s.max)))}` : 'not run',
    page ? `${ms(page.median)} / ${ms(page.max)}` : 'not run',
    bulk ? `${spread(bulk.times)} (${bulk.times.length}), ${bulk.exact ? 'exact' : 'NOT EXACT'}` : 'not run',
    bulk ? spread(bulk.plainTimes) : 'not run',
    bulk ? ms(bulk.catchUp) : 'not run',
    bulk ? ms(bulk.health) : 'not run',
    bulk ? `${spread(bulk.saves)} (${bulk.saves.length})` : 'not run',
    before && after ? `${pct(after.saves, before.saves)}; ${pct(after.insert, before.insert)}` : 'not run',
  ];
  goalCells.set(engine, cells);
  console.log(`\n${engine}, issue 30's goals (${ROWS.toLocaleString('en-US')} questions):\n\n| figure | goal | measured |\n|---|---|---|`);
  for (const [k, g] of GOALS.entries()) console.log(`| ${g.figure} | ${g.goal} | ${cells[k]} |`);
}

/** The goal table of every engine run, side by side (issue 30: `npm run bench` prints it for SQLite, PostgreSQL and MariaDB). */
function goalsSideBySide() {
  const names: [Engine, string][] = [
    ['sqlite', 'SQLite'],
    ['postgres', 'PostgreSQL'],
    ['mysql', 'MariaDB / MySQL'],
  ];
  console.log(
    `\nIssue 30's goals, ${ROWS.toLocaleString('en-US')} questions, the engines side by side (not run: its URL unset or not in BENCH_SEARCH_ENGINES; load average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}):\n\n| figure | goal | ${names.map(([, n]) => n).join(' | ')} |\n|---|---|${names.map(() => '---|').join('')}`,
  );
  for (const [k, g] of GOALS.entries()) console.log(`| ${g.figure} | ${g.goal} | ${names.map(([e]) => goalCells.get(e)?.[k] ?? 'not run').join(' | ')} |`);
}

function printBulk(engine: string, bulk: Bulk) {
  console.log(
    `\n${engine}, ${ROWS.toLocaleString('en-US')} more questions loaded by SQL from outside while the server was stopped (${ms(bulk.load)}), then the server started:` +
      `\ncatch-up ${ms(bulk.catchUp)}; ${bulk.times.length} searches meanwhile (rare, absent, common; totals read again each time), max ${ms(Math.max(0, ...bulk.times))}` +
      ` (the same as plain scans meanwhile: max ${ms(Math.max(0, ...bulk.plainTimes))}), ${bulk.exact ? 'every total exact' : 'A TOTAL WAS WRONG'}` +
      `; /api/health at most ${ms(bulk.health)}, ${bulk.saves.length} saves meanwhile at most ${ms(Math.max(0, ...bulk.saves))}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}` +
      (bulk.chunks.length
        ? `\nthe worker's chunks: ${bulk.chunks.length}, rows median ${median(bulk.chunks.map((c) => c.rows)).toLocaleString('en-US')}, write transaction median / max ${ms(median(bulk.chunks.map((c) => c.ms)))} / ${ms(Math.max(...bulk.chunks.map((c) => c.ms)))}, sum ${ms(bulk.chunks.reduce((a, c) => a + c.ms, 0))}, the first ended ${ms(bulk.chunks[0]!.at)} after the start, the last ${ms(bulk.chunks.at(-1)!.at)}`
        : ''),
  );
  // per search: median / max, and each time with when it started (the range read shrinks as the catch-up goes on)
  for (const value of [...new Set(bulk.searches.map((s) => s.value))]) {
    const of = bulk.searches.filter((s) => s.value === value);
    console.log(
      `  ${value}: median / max ${ms(median(of.map((s) => s.ms)))} / ${ms(Math.max(...of.map((s) => s.ms)))} (${of.length}); ` +
        of.map((s) => `${(s.at / 1000).toFixed(1)} s: ${Math.round(s.ms)}`).join(', '),
    );
  }
}

function print(engine: string, name: string, p: Phase) {
  console.log(`\n${engine}, ${ROWS.toLocaleString('en-US')} questions, ${name}:\n`);
  console.log('| search | total | median | max |\n|---|---|---|---|');
  for (const s of p.searches)
    console.log(`| ${s.label} | ${typeof s.total === 'number' ? s.total.toLocaleString('en-US') : s.total} | ${ms(s.median)} | ${ms(s.max)} |`);
  console.log(
    `\n8 new searches at once: ${ms(p.health.burst)}; meanwhile /api/health at most ${ms(p.health.health)}, /api/health/ready at most ${ms(p.health.ready)}` +
      `\nwrite path: a save ${p.saves.toFixed(1)} ms (mean of ${SAVES}); ${WRITE_ROWS.toLocaleString('en-US')} rows inserted in one transaction ${ms(p.insert)}` +
      (p.catchUp >= 1 ? `, then the search index caught up in ${ms(p.catchUp)} (after the commit)` : ''),
  );
}

for (const [engine, url] of engines) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-search-'));
  const database = await freshDatabase(engine, url, dataDir);
  try {
    const conn = openConnection(database.url, dataDir);
    await migrate(conn.db, engine);
    await seed(conn.db, engine, PASSWORD);
    await conn.db.updateTable('sys_user').set({ mustChangePassword: 0 }).execute();
    await conn.db.deleteFrom('questionBank').execute();
    await searchStructures(conn.db, engine, false);
    const genStarted = performance.now();
    await generate(conn.db, engine, conn.sqlite, ROWS);
    console.log(`\n## ${engine}: ${ROWS.toLocaleString('en-US')} questions generated in ${ms(performance.now() - genStarted)}`);
    await conn.close();

    if (process.env.BENCH_SEARCH_BULK === 'only') {
      // the bulk load alone (issue 30's catch-up figures): the index made for the generated rows, no before/after phases
      const indexing = openConnection(database.url, dataDir);
      const indexStarted = performance.now();
      await searchStructures(indexing.db, engine, true);
      // MySQL/MariaDB: mysqlGramBits only queues the rows; their blocks made here, so that the bulk load's catch-up is
      // of the loaded rows alone (as on the other engines)
      if (engine === 'mysql') for (const [table, columns] of Object.entries(SEARCHED)) await catchUpGrams(indexing.db, table, columns, () => false);
      console.log(`\nthe search indexes made for the existing rows: ${ms(performance.now() - indexStarted)}`);
      await indexing.close();
      const bulk = await bulkPhase(engine, database.url, dataDir);
      printBulk(engine, bulk);
      goalTable(engine, undefined, undefined, bulk);
      continue;
    }
    const before = await phase(engine, database.url, dataDir, false);
    print(engine, 'before (plain LIKE and OFFSET, no search index)', before);

    const indexing = openConnection(database.url, dataDir);
    const indexStarted = performance.now();
    await searchStructures(indexing.db, engine, true);
    const indexed = performance.now() - indexStarted;
    if (engine === 'postgres') await sql`vacuum analyze "questionBank"`.execute(indexing.db);
    if (engine === 'mysql') await sql`analyze table questionBank`.execute(indexing.db);
    await indexing.close();
    console.log(`\nthe search indexes made for the existing rows (as their migrations make them): ${ms(indexed)}`);
    const after = await phase(engine, database.url, dataDir, true);
    print(engine, 'after (every migration: indexed search, deferred join)', after);
    const phases: [string, Phase][] = [
      ['no index (before)', before],
      ['every migration', after],
    ];
    let bulk: Bulk | undefined;
    if (process.env.BENCH_SEARCH_BULK !== 'off') {
      bulk = await bulkPhase(engine, database.url, dataDir);
      printBulk(engine, bulk);
    }
    console.log(
      `\n${engine}, write path (${ROWS.toLocaleString('en-US')} questions):\n\n| phase | a save | ${WRITE_ROWS.toLocaleString('en-US')} rows in one transaction | index caught up after the commit |\n|---|---|---|---|`,
    );
    for (const [name, p] of phases) {
      const vs = (x: number, y: number) => (p === before ? '' : ` (${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(0)}%)`);
      console.log(
        `| ${name} | ${p.saves.toFixed(1)} ms${vs(p.saves, before.saves)} | ${ms(p.insert)}${vs(p.insert, before.insert)} | ${p.catchUp >= 1 ? ms(p.catchUp) : '—'} |`,
      );
    }
    goalTable(engine, before, phases.at(-1)![1], bulk);
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
goalsSideBySide();
