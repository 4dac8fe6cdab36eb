import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { sqliteDriverPath as driverPath } from '../db/sqliteDriver.ts';

/**
 * The code of the worker thread, run with `new Worker(source, { eval: true })` (plain CommonJS kept as
 * text: the server also runs as one esbuild bundle, where a separate worker file would not exist). It
 * opens its own read-only connection to the SQLite file, runs one compiled query (built by Kysely in
 * crud/, values bound) whose only column is an id, and sends the ids back as one transferred array.
 */
const SORTED_IDS_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const ids = db.prepare(workerData.sql).pluck().all(...workerData.parameters);
  const out = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = Number(ids[i]);
  parentPort.postMessage(out, [out.buffer]);
} finally {
  db.close();
}
`;

/**
 * The ids a sorted SQLite query answers, read in a worker thread: better-sqlite3 is synchronous, and
 * sorting 100,000 rows by a column without an index would hold the event loop for the whole sort.
 */
export function sortedIdsInWorker(file: string, query: CompiledQuery): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SORTED_IDS_WORKER_SOURCE, {
      eval: true,
      workerData: { driverPath, file, sql: query.sql, parameters: query.parameters },
    });
    let answered = false;
    worker.once('message', (ids: Float64Array) => {
      answered = true;
      resolve(Array.from(ids));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the sorted-ids worker stopped (exit code ${code}) without an answer`));
    });
  });
}
