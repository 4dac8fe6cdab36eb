// What a database outage looks like to callers (issue 18). The server runs as a child process on a private
// PostgreSQL cluster and a private MariaDB (server/test/private-db.ts) under a reader and a writer; the database
// is restarted the operator's way (pg_ctl restart -m fast / SIGTERM and start) and crashed (pg_ctl stop -m
// immediate / kill -9), kept down DOWN_MS, and started again. Printed per engine and kind: the time from the
// database being back (its start command returned) to the first successful read and write, and the latency of
// the error answers during the outage (median and max), with their status and code. Engines whose server
// binaries are not installed are skipped. Usage: node --import tsx bench/faults.ts [down ms]
import { type Answer, type ChildApp, median, recoveredAt, startChildApp, startLoad } from '../test/child-app.ts';
import { mariadbdPath, pgBinDir, type PrivateServer, sleep, startPrivateMariadb, startPrivatePostgres, waitFor } from '../test/private-db.ts';

const DOWN_MS = Number(process.argv[2] ?? 3000);

const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '-');

function describeErrors(answers: Answer[]) {
  const errors = answers.filter((a) => a.status !== 200);
  const kinds = [...new Set(errors.map((a) => `${a.status} ${a.code ?? ''}`.trim()))].join(', ') || 'none';
  const ms = errors.map((a) => a.ms);
  const slowest = answers.length ? Math.max(...answers.map((a) => a.ms)) : NaN;
  return `${errors.length} error answers of ${answers.length} (${kinds}), their latency median ${fmt(median(ms))}, max ${fmt(ms.length ? Math.max(...ms) : NaN)}; slowest call of the window ${fmt(slowest)}`;
}

async function measure(engine: string, server: PrivateServer, app: ChildApp) {
  const load = startLoad(app);
  await waitFor('first calls', async () => recoveredAt(load.answers, 0) !== undefined, 30_000);
  await sleep(500);

  // the operator's restart
  let from = load.now();
  await server.restart();
  let back = load.now();
  await waitFor('service after the restart', async () => recoveredAt(load.answers, back) !== undefined, 60_000);
  const restartBack = recoveredAt(load.answers, back)! - back;
  const restartAnswers = load.answers.filter((a) => a.at >= from && a.done <= back + restartBack);
  console.log(`${engine} restart: restart took ${fmt(back - from)}; first success ${fmt(restartBack)} after it returned; ${describeErrors(restartAnswers)}`);
  await sleep(1000);

  // a crash, down for DOWN_MS
  from = load.now();
  await server.crash();
  await sleep(DOWN_MS);
  await server.start();
  back = load.now();
  await waitFor('service after the crash', async () => recoveredAt(load.answers, back) !== undefined, 60_000);
  const crashBack = recoveredAt(load.answers, back)! - back;
  const crashAnswers = load.answers.filter((a) => a.at >= from && a.done <= back + crashBack);
  console.log(
    `${engine} crash (down ${DOWN_MS} ms, start took ${fmt(back - from - DOWN_MS)}): first success ${fmt(crashBack)} after the database was back; ${describeErrors(crashAnswers)}`,
  );
  await load.stop();
  console.log(`${engine}: ${load.acknowledged.length} acknowledged writes; server ${app.exited() ? 'EXITED' : 'alive'}`);
}

const engines: [string, () => Promise<PrivateServer>][] = [];
if (pgBinDir()) engines.push(['PostgreSQL', startPrivatePostgres]);
else console.log('PostgreSQL: server binaries not found, skipped');
if (mariadbdPath()) engines.push(['MariaDB', () => startPrivateMariadb()]);
else console.log('MariaDB: mariadbd not found, skipped');

for (const [engine, start] of engines) {
  const server = await start();
  let app: ChildApp | undefined;
  try {
    await server.createDatabase('qb');
    app = await startChildApp({ DATABASE_URL: server.urlOf('qb') });
    await measure(engine, server, app);
  } finally {
    await app?.stop();
    await server.cleanup();
  }
}
