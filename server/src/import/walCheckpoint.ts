import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { AnyDb, SourceEngine } from '../db/connection.ts';
import { sqliteDriverPath } from '../db/sqliteDriver.ts';

const CHECKPOINT_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  // PASSIVE copies what no reader still needs: a list read at that moment leaves the rest, tried again a few times
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let last;
  for (let i = 0; i < 20; i++) {
    last = db.pragma('wal_checkpoint(PASSIVE)')[0];
    if (last.busy === 0 && last.log === last.checkpointed) break;
    Atomics.wait(pause, 0, 0, 50);
  }
  parentPort.postMessage(last);
} finally {
  db.close();
}
`;

/** The write-ahead log copied into the database by a connection of a worker thread (PASSIVE: it waits for no one). */
function checkpointInWorker(file: string): Promise<void> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECKPOINT_WORKER_SOURCE, { eval: true, workerData: { driverPath: sqliteDriverPath, file } });
    // a checkpoint that fails is made later by the writer's own automatic one: nothing to report to the import
    worker.once('message', () => resolve());
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}

/**
 * An import's transaction on the local SQLite database, with the checkpoint that follows its commit in a worker thread.
 * SQLite's automatic checkpoint runs inside the commit that makes the log long: after 200,000 rows it copies tens of
 * MB into the database in that call, on the event loop (50-400 ms of every other call waiting). For the import the
 * writer's automatic checkpoint is off; afterwards a worker checkpoints, and only then is the setting back as it was:
 * back before, the first commit after the import (the search index's catch-up, any save) found the import's whole log
 * still unchecked and copied it on the event loop (a 184 ms /api/health after a 200,000-row import).
 */
export async function withCheckpointOffThread<T>(db: AnyDb, engine: SourceEngine, local: boolean, work: () => Promise<T>): Promise<T> {
  if (engine !== 'sqlite' || !local) return work();
  const files = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = files.rows.find((d) => d.name === 'main')?.file;
  if (!file) return work();
  const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  const pages = Number(setting.rows[0]?.wal_autocheckpoint ?? 1000);
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  try {
    return await work();
  } finally {
    await checkpointInWorker(file);
    await sql.raw(`pragma wal_autocheckpoint = ${Math.trunc(pages)}`).execute(db);
  }
}
