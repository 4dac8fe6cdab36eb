import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import Database, { sqliteDriverName, sqliteDriverPath } from '../src/db/sqliteDriver.ts';

/**
 * The SQLite driver fits the runtime (docs/decisions.md "Node.js 24"): under Node 24 better-sqlite3 12 aborts the
 * process when a worker that used it ends or when V8 collects its statements; CI runs this file under Node 20 and 24.
 */
describe('the SQLite driver of this runtime', () => {
  it('is better-sqlite3 13 where Node-API 10 exists, 12 otherwise', () => {
    const napi = Number(process.versions.napi);
    expect(sqliteDriverName).toBe(napi >= 10 ? 'better-sqlite3-node-api' : 'better-sqlite3');
    const db = new Database(':memory:');
    expect(db.prepare('select 2 + 3 as x').get()).toEqual({ x: 5 });
    expect(db.prepare('select 9007199254740993 as x').safeIntegers().get()).toEqual({ x: 9007199254740993n });
    db.close();
  });

  it('survives workers that leave thousands of statements to the collector, and the collector itself', async () => {
    const source = `
      const { workerData } = require('node:worker_threads');
      const Database = require(workerData);
      const db = new Database(':memory:');
      for (let i = 0; i < 5000; i++) db.prepare('select ' + i + ' as x').get();
      // the database stays open and its statements uncollected: the worker's end tears them down
    `;
    for (let round = 0; round < 4; round++) {
      const code = await new Promise<number>((resolve, reject) => {
        const worker = new Worker(source, { eval: true, workerData: sqliteDriverPath });
        worker.once('error', reject);
        worker.once('exit', resolve);
      });
      expect(code).toBe(0);
    }
    const db = new Database(':memory:');
    for (let i = 0; i < 20_000; i++) db.prepare(`select ${i} as x`).get();
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 50));
    expect(db.prepare('select 1 as x').get()).toEqual({ x: 1 });
    db.close();
  });
});
