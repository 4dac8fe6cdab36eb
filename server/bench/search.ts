// Keyword search benchmark (issue 21): the generic list call on questionBank with 1,000,000 generated questions, on
// SQLite and, when their URLs are set (TEST_PG_URL, TEST_MYSQL_URL), PostgreSQL and MySQL/MariaDB. For each engine it
// prints the issue's table (five searches, five calls each: total, median, max; the first call counts, the count
// cache answers the others) before (plain LIKE and OFFSET, migrations up to 0006) and after (migration 0007's
// indexes, deferred join), the migration's time, the write path (200 saves, 100,000 rows inserted as the import does)
// before and after, and how long /api/health and /api/health/ready took while 8 new searches ran at once.
// Knobs: BENCH_SEARCH_ROWS or the first argument (default 1000000), BENCH_SEARCH_ENGINES (sqlite,postgres,mysql),
// BENCH_SEARCH_UPTO (the last migration of "after", default all). On PostgreSQL, unless BENCH_SEARCH_UPTO is set, a
// middle phase runs between the two: migrations up to 0009 (0007's GIN indexes on the base table), then 0010 (the
// side tables caught up after the commit), so that one run prints the write path with no index, 0007's and 0010's.
// Then (issue 30; BENCH_SEARCH_BULK=off skips it) as many rows again are loaded by SQL while the server is stopped, the
// server starts, and its catch-up and the searches meanwhile are timed; last, the issue's goal table of the engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AnyDb, type Engine, openConnection } from '../src/db/connection.ts';
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
  // the index made at the start (MySQL: migration 0012 queues the existing rows, the server cuts their grams) before timing
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
  searches: number;
  max: number;
  exact: boolean;
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
  const started = performance.now();
  const app = await buildApp(ctx, { logger: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(PASSWORD) } });
    const token = login.json().token as string;
    let done = false;
    const settled = ctx.crud.searchUpkeep.settled().then(() => (done = true));
    const expected: [string, number][] = [
      [`第 ${ROWS + 4242} 题`, 1],
      ['qzxv', 0],
      ['信号传输', 2 * (ROWS / 8)],
    ];
    const times: number[] = [];
    let exact = true;
    while (!done) {
      for (const [value, total] of expected) {
        ctx.crud.counts.invalidate('questionBank');
        const params = new URLSearchParams({ _flag: 'questionBank', row: '20', wheres: JSON.stringify({ name: { type: 'like', value } }) });
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/select/?${params}`, headers: { authorization: token } });
        times.push(performance.now() - t0);
        if (res.json().total !== total) exact = false;
      }
    }
    await settled;
    return { load, catchUp: performance.now() - started, searches: times.length, max: times.length ? Math.max(...times) : 0, exact };
  } finally {
    await app.close();
    await conn.close();
  }
}

/** Issue 30's goal table for one engine: the last phase (every migration) against the phase without an index. */
function goalTable(engine: string, before: Phase, after: Phase, bulk: Bulk | undefined) {
  const contains = after.searches.filter((s) => s.label.includes('like'));
  const page = after.searches.find((s) => s.label.startsWith('no filter'))!;
  const pct = (x: number, y: number) => `${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(0)}%`;
  console.log(
    `\n${engine}, issue 30's goals (${ROWS.toLocaleString('en-US')} questions):\n\n| figure | goal | measured |\n|---|---|---|` +
      `\n| first-call contains-search (${contains.length} searches), median / max | ≤ 50 / ≤ 150 ms | ${ms(median(contains.map((s) => s.max)))} / ${ms(Math.max(...contains.map((s) => s.max)))} |` +
      `\n| ${page.label} | ≤ 100 ms | ${ms(page.median)} median, ${ms(page.max)} max |` +
      (bulk
        ? `\n| searches while ${ROWS.toLocaleString('en-US')} rows loaded from outside are caught up | ≤ 300 ms, exact | ${ms(bulk.max)} max of ${bulk.searches}, ${bulk.exact ? 'exact' : 'NOT EXACT'} |` +
          `\n| catch-up of ${ROWS.toLocaleString('en-US')} rows loaded from outside (table of ${(2 * ROWS).toLocaleString('en-US')}) | ≤ 20 s | ${ms(bulk.catchUp)} |`
        : '') +
      `\n| a save; ${WRITE_ROWS.toLocaleString('en-US')} rows inserted | within 20% | ${pct(after.saves, before.saves)}; ${pct(after.insert, before.insert)} |`,
  );
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
    await migrate(conn.db, engine, '0006_utf8mb4');
    await seed(conn.db, engine, PASSWORD);
    await conn.db.updateTable('sys_user').set({ mustChangePassword: 0 }).execute();
    await conn.db.deleteFrom('questionBank').execute();
    const genStarted = performance.now();
    await generate(conn.db, engine, conn.sqlite, ROWS);
    console.log(`\n## ${engine}: ${ROWS.toLocaleString('en-US')} questions generated in ${ms(performance.now() - genStarted)}`);
    await conn.close();

    const before = await phase(engine, database.url, dataDir, false);
    print(engine, 'before (plain LIKE and OFFSET, migrations up to 0006)', before);

    const stages: (string | undefined)[] = process.env.BENCH_SEARCH_UPTO
      ? [process.env.BENCH_SEARCH_UPTO]
      : engine === 'postgres'
        ? ['0009_rate_limits', undefined]
        : [undefined];
    const phases: [string, Phase][] = [['no index (before)', before]];
    for (const upto of stages) {
      const migrating = openConnection(database.url, dataDir);
      const migrateStarted = performance.now();
      // BENCH_SEARCH_UPTO=0007_search measures the index shape of 0007 (FTS5 written by a trigger per row)
      await migrate(migrating.db, engine, upto);
      const migrated = performance.now() - migrateStarted;
      if (engine === 'postgres') await sql`vacuum analyze "questionBank"`.execute(migrating.db);
      if (engine === 'mysql') await sql`analyze table questionBank`.execute(migrating.db);
      await migrating.close();
      const name = upto ? `migrations up to ${upto}` : 'every migration';
      console.log(`\n${name} (indexes built for the existing rows): ${ms(migrated)}`);
      const after = await phase(engine, database.url, dataDir, true);
      print(engine, `after (${name}: indexed search, deferred join)`, after);
      phases.push([name, after]);
    }
    let bulk: Bulk | undefined;
    if (process.env.BENCH_SEARCH_BULK !== 'off') {
      bulk = await bulkPhase(engine, database.url, dataDir);
      console.log(
        `\n${engine}, ${ROWS.toLocaleString('en-US')} more questions loaded by SQL from outside while the server was stopped (${ms(bulk.load)}), then the server started:` +
          `\ncatch-up ${ms(bulk.catchUp)}; ${bulk.searches} searches meanwhile (rare, absent, common; totals read again each time), max ${ms(bulk.max)}, ${bulk.exact ? 'every total exact' : 'A TOTAL WAS WRONG'}`,
      );
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
