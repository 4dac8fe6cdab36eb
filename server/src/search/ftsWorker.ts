import { Worker } from 'node:worker_threads';
import { sqliteDriverPath as driverPath } from '../db/sqliteDriver.ts';
// the table holding, per indexed table, the highest key its FTS5 table has caught up to
import { MARK_TABLE } from '../db/migrations/0008_search_upkeep.ts';

/*
 * SQLite, issue 30: a large backlog above a table's mark (a bulk load from outside, a large import) is indexed by a
 * worker thread on a connection of its own, so that neither FTS5's trigram tokenizing nor its segment merges run on the
 * event loop. Each chunk is one short write transaction (begin immediate … commit) that indexes the next rows above the
 * mark and moves the mark; the caller (sqliteFts.ts catchUpInWorker) holds this process's writer connection while a
 * chunk runs, so that the server's own writes wait for the chunk asynchronously (the event loop free) rather than in
 * SQLite's busy handler, which sleeps on the event loop.
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
parentPort.on('message', ({ id, table, columns, rows }) => {
  let moved = 0;
  const started = performance.now();
  try {
    const s = prepared(table, columns);
    db.exec('begin immediate');
    try {
      const mark = s.mark.get(table);
      if (mark) {
        const upto = Number(mark.upto);
        const chunk = s.bounds.get(upto, rows);
        moved = Number(chunk.n || 0);
        if (moved > 0) {
          s.insert.run(upto, chunk.last);
          s.move.run(chunk.last, table);
        }
      }
      db.exec('commit');
    } catch (err) {
      if (db.inTransaction) db.exec('rollback');
      throw err;
    }
    parentPort.postMessage({ id, moved, ms: performance.now() - started });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
    return;
  }
  // off the write lock and after the answer: the server's writes go on meanwhile (a passive checkpoint waits for nobody)
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
});
`;

/** What one chunk did: the rows indexed (fewer than asked: the backlog is done) and how long its transaction took. */
export interface FtsChunk {
  moved: number;
  ms: number;
}

/** A worker thread indexing chunks of the rows above a table's mark on its own connection to `file` (one chunk at a time). */
export class FtsWorker {
  private readonly worker: Worker;
  private nextId = 0;
  private failed?: Error;

  constructor(file: string) {
    this.worker = new Worker(FTS_WORKER_SOURCE, { eval: true, workerData: { driverPath, file, markTable: MARK_TABLE } });
    this.worker.unref();
    this.worker.on('error', (err) => (this.failed = err));
  }

  /** Indexes up to `rows` rows of `table` above its mark in one write transaction, moving the mark. */
  chunk(table: string, columns: string[], rows: number): Promise<FtsChunk> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const done = () => {
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
        this.worker.off('exit', onExit);
      };
      const onMessage = (m: { id: number; moved?: number; ms?: number; error?: string }) => {
        if (m.id !== id) return;
        done();
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve({ moved: m.moved!, ms: m.ms! });
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
      this.worker.postMessage({ id, table, columns, rows });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
