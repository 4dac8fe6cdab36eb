import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { sqliteDriverPath as driverPath } from '../db/sqliteDriver.ts';
import { SCANS_PER_TABLE } from './scanGate.ts';

/** Worker source (plain CommonJS, as crud/sortedIds.ts): compiled reads on its own read-only connection, one at a time. */
const SCAN_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, rows: db.prepare(sql).all(...parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

interface ScanWorker {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

/**
 * SQLite reads that scan a table, run in worker threads: better-sqlite3 is synchronous, and a search reading a
 * million rows would hold the event loop (every other call, /api/health) for the whole scan. The workers stay
 * (a thread and a connection take tens of milliseconds to open) until idle for a few seconds.
 */
export class ScanWorkers {
  private readonly workers: ScanWorker[] = [];
  private readonly queue: { query: CompiledQuery; resolve: (rows: Record<string, unknown>[]) => void; reject: (err: unknown) => void }[] = [];
  private nextId = 0;

  constructor(
    private readonly file: string,
    private readonly size = SCANS_PER_TABLE,
    private readonly idleMs = 5000,
  ) {}

  run(query: CompiledQuery): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ query, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let w = this.workers.find((x) => !x.busy);
      if (!w && this.workers.length < this.size) w = this.open();
      if (!w) return;
      const job = this.queue.shift()!;
      this.send(w, job);
    }
  }

  private open(): ScanWorker {
    const worker = new Worker(SCAN_WORKER_SOURCE, { eval: true, workerData: { driverPath, file: this.file } });
    worker.unref();
    const w: ScanWorker = { worker, busy: false };
    this.workers.push(w);
    const gone = () => {
      const k = this.workers.indexOf(w);
      if (k >= 0) this.workers.splice(k, 1);
    };
    worker.once('exit', gone);
    worker.once('error', gone);
    return w;
  }

  private send(w: ScanWorker, job: (typeof this.queue)[number]): void {
    w.busy = true;
    if (w.idle) clearTimeout(w.idle);
    const id = ++this.nextId;
    const done = () => {
      w.worker.off('message', onMessage);
      w.worker.off('error', onError);
      w.busy = false;
      w.idle = setTimeout(() => void w.worker.terminate(), this.idleMs);
      w.idle.unref();
      this.pump();
    };
    const onMessage = (m: { id: number; rows?: Record<string, unknown>[]; error?: string }) => {
      if (m.id !== id) return;
      done();
      if (m.error !== undefined) job.reject(new Error(m.error));
      else job.resolve(m.rows!);
    };
    const onError = (err: unknown) => {
      done();
      job.reject(err);
    };
    w.worker.on('message', onMessage);
    w.worker.once('error', onError);
    w.worker.postMessage({ id, sql: job.query.sql, parameters: job.query.parameters });
  }
}
