import { Worker } from 'node:worker_threads';
import { sqliteDriverPath as driverPath } from '../db/sqliteDriver.ts';
// the table holding, per indexed table, the highest key its FTS5 table has caught up to
import { MARK_TABLE } from '../db/migrations/0008_search_upkeep.ts';

/*
 * SQLite, issue 30: a large backlog above a table's mark (a bulk load from outside, a large import) is indexed by a
 * worker thread on a connection of its own, so that neither FTS5's trigram tokenizing nor its segment merges run on the
 * event loop. Each chunk is one short write transaction (begin immediate … commit) that indexes the next rows above the
 * mark and moves the mark; a round is a few chunks in a row (one message each way: under load each wake-up of a thread
 * costs tens of milliseconds). The caller (sqliteFts.ts catchUpInWorker) holds this process's writer connection while a
 * round runs, so that the server's own writes wait for it asynchronously (the event loop free) rather than in SQLite's
 * busy handler, which sleeps on the event loop; writers of other processes get the lock between chunks.
 */
const FTS_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// the WAL is checkpointed after each chunk's answer (below), not inside its commit, while the server's writes wait
db.pragma('wal_autocheckpoint = 0');
const q = (name) => '"' + name.replace(/"/g, '""') + '"';
const statements = new Map();
const prepared = (table, columns) => {
  const key = JSON.stringify([table, columns]);
  let s = statements.get(key);
  if (!s) {
    const cols = columns.map(q).join(', ');
    s = {
      mark: db.prepare('select upto from ' + workerData.markTable + ' where tbl = ?'),
      bounds: db.prepare('select max(id) as last, count(*) as n from (select id from ' + q(table) + ' where id > ? order by id limit ?)'),
      insert: db.prepare('insert into ' + q(table + '__search') + ' (rowid, ' + cols + ') select id, ' + cols + ' from ' + q(table) + ' where id > ? and id <= ?'),
      move: db.prepare('update ' + workerData.markTable + ' set upto = ? where tbl = ?'),
    };
    statements.set(key, s);
  }
  return s;
};
// one chunk: the next rows above the mark indexed and the mark moved, in one write transaction; the rows indexed
const chunk = (s, table, rows) => {
  db.exec('begin immediate');
  try {
    let moved = 0;
    const mark = s.mark.get(table);
    if (mark) {
      const upto = Number(mark.upto);
      const bounds = s.bounds.get(upto, rows);
      moved = Number(bounds.n || 0);
      if (moved > 0) {
        s.insert.run(upto, bounds.last);
        s.move.run(bounds.last, table);
      }
    }
    db.exec('commit');
    return moved;
  } catch (err) {
    if (db.inTransaction) db.exec('rollback');
    throw err;
  }
};
// a round: chunks one after another until the backlog is done or the round has taken roundMs; each chunk aims at
// chunkMs, its row count following the last chunk's time (at most doubling) between minRows and maxRows
parentPort.on('message', ({ id, table, columns, rows, roundMs, chunkMs, minRows, maxRows }) => {
  const chunks = [];
  let done = false;
  try {
    const s = prepared(table, columns);
    const started = performance.now();
    for (;;) {
      const t0 = performance.now();
      const moved = chunk(s, table, rows);
      const ms = performance.now() - t0;
      chunks.push({ moved, ms });
      if (moved < rows) {
        done = true;
        break;
      }
      rows = Math.round(Math.min(maxRows, Math.max(minRows, rows * Math.min(2, chunkMs / Math.max(1, ms)))));
      if (performance.now() - started >= roundMs) break;
    }
    parentPort.postMessage({ id, chunks, rows, done });
  } catch (err) {
    parentPort.postMessage({ id, chunks, error: String((err && err.message) || err) });
    return;
  }
  // off the write lock and after the answer: the server's writes go on meanwhile (a passive checkpoint waits for nobody)
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
});
`;

/** What one chunk did: the rows indexed and how long its write transaction took. */
export interface FtsChunk {
  moved: number;
  ms: number;
}

/** What a round did: its chunks, the row count of the next chunk, and whether the backlog is done. */
export interface FtsRound {
  chunks: FtsChunk[];
  rows: number;
  done: boolean;
}

/** How a round runs (sqliteFts.ts): its length, each chunk's aim, the bounds of a chunk's rows. */
export interface FtsRoundLimits {
  roundMs: number;
  chunkMs: number;
  minRows: number;
  maxRows: number;
}

/** A worker thread indexing chunks of the rows above a table's mark on its own connection to `file` (one round at a time). */
export class FtsWorker {
  private readonly worker: Worker;
  private nextId = 0;
  private failed?: Error;

  constructor(file: string) {
    this.worker = new Worker(FTS_WORKER_SOURCE, { eval: true, workerData: { driverPath, file, markTable: MARK_TABLE } });
    this.worker.unref();
    this.worker.on('error', (err) => (this.failed = err));
  }

  /** Indexes chunks of `table`'s rows above its mark, the first of `rows` rows, for about `limits.roundMs`. */
  round(table: string, columns: string[], rows: number, limits: FtsRoundLimits): Promise<FtsRound> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const done = () => {
        // unreferenced between rounds (an idle worker keeps no process alive); referenced while a round runs, or a
        // process whose other work waits for the catch-up would end with the round unanswered (exit code 13 in the bench)
        this.worker.unref();
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
        this.worker.off('exit', onExit);
      };
      const onMessage = (m: FtsRound & { id: number; error?: string }) => {
        if (m.id !== id) return;
        done();
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve({ chunks: m.chunks, rows: m.rows, done: m.done });
      };
      const onError = (err: Error) => {
        done();
        reject(err);
      };
      const onExit = () => {
        done();
        reject(new Error('the search index worker ended'));
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', onError);
      this.worker.once('exit', onExit);
      this.worker.ref();
      this.worker.postMessage({ id, table, columns, rows, ...limits });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
