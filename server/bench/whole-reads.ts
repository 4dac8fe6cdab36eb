// Reads of every row without a text search (issue 28, 5): on SQLite, 200,000 generated questions, list calls whose
// filters no index narrows (notIn of 1,000 values, ne, eq on an unindexed column) or whose sort no index serves (a first
// and a deep page), each alone (median of 3) and then all at once, with the most /api/health took meanwhile. These read
// in the scan workers (crud/wholeTableReads.ts); before, a notIn held the event loop 324 ms and a deep sorted page 506 ms.
// Knob: the first argument or BENCH_WHOLE_ROWS (default 200000).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import Database from '../src/db/sqliteDriver.ts';

const ROWS = Number(process.argv[2] ?? process.env.BENCH_WHOLE_ROWS ?? 200_000);
const PASSWORD = 'bench-password-1';
const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const READS: { label: string; query: Record<string, unknown> }[] = [
  { label: 'notIn of 1,000 ids', query: { wheres: { id: { type: 'notIn', value: Array.from({ length: 1000 }, (_, k) => k * 7 + 1) } } } },
  { label: 'ne on typeId', query: { wheres: { typeId: { type: 'ne', value: 3 } } } },
  { label: 'eq on correctOptions (no index)', query: { wheres: { correctOptions: 'B' } } },
  { label: 'sorted by name, page 1', query: { sort: 'name', sortType: 'desc' } },
  { label: `sorted by name, page ${Math.floor((ROWS * 0.98) / 20)}`, query: { sort: 'name', page: String(Math.floor((ROWS * 0.98) / 20)) } },
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-whole-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD: PASSWORD });
  const setup = openConnection(config.databaseUrl, config.dataDir);
  await migrate(setup.db, setup.engine);
  await seed(setup.db, setup.engine, PASSWORD);
  await setup.close();
  const file = new Database(path.join(dataDir, 'app.sqlite'));
  const insert = file.prepare('insert into questionBank (parentId, typeId, name, correctOptions, createTime, isdelete) values (?, ?, ?, ?, ?, 0)');
  file.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(1 + (i % 20), 1 + (i % 200), `第 ${(i * 7919) % ROWS} 题`, 'ABCD'[i % 4], '2026-01-01 00:00:00');
  })();
  file.exec('analyze');
  file.close();

  const conn = openConnection(config.databaseUrl, config.dataDir);
  const app = await buildApp(createContext(config, conn), { logger: false });
  try {
    const token = (await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(PASSWORD) } })).json().token as string;
    const select = async (query: Record<string, unknown>) => {
      const params = new URLSearchParams({ _flag: 'questionBank', row: '20' });
      for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/select/?${params}`, headers: { authorization: token } });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
      return performance.now() - started;
    };
    /** the most /api/health took while `work` ran */
    const healthDuring = async (work: () => Promise<unknown>) => {
      let worst = 0;
      let running = true;
      const probe = (async () => {
        while (running) {
          const started = performance.now();
          await app.inject({ method: 'GET', url: '/api/health' });
          worst = Math.max(worst, performance.now() - started);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      await work();
      running = false;
      await probe;
      return worst;
    };
    console.log(`\nReads of every row without a text search, SQLite, ${ROWS.toLocaleString('en-US')} questions (each a new query: no count cached)`);
    console.log(`${'read'.padEnd(34)} ${'median of 3'.padStart(12)} ${'/api/health max'.padStart(16)}`);
    for (const [k, r] of READS.entries()) {
      const times: number[] = [];
      let health = 0;
      for (let call = 0; call < 3; call++) {
        // a filter of its own each call (the count cache would answer a repeated one)
        const query = { ...r.query, wheres: { ...(r.query.wheres as object), parentId: { type: 'ne', value: 100 + k * 3 + call } } };
        health = Math.max(health, await healthDuring(async () => times.push(await select(query))));
      }
      console.log(`${r.label.padEnd(34)} ${ms(median(times)).padStart(12)} ${ms(health).padStart(16)}`);
    }
    let all = 0;
    const health = await healthDuring(async () => {
      const started = performance.now();
      await Promise.all(READS.map((r, k) => select({ ...r.query, wheres: { ...(r.query.wheres as object), parentId: { type: 'ne', value: 999 + k } } })));
      all = performance.now() - started;
    });
    console.log(`all five at once: ${ms(all)}; meanwhile /api/health at most ${ms(health)}`);
  } finally {
    await app.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
