import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openConnection } from '../src/db/connection.ts';
import { migrate, migrationNames } from '../src/db/migrations/index.ts';
import { freshDatabase } from './helpers.ts';

const url = process.env.TEST_PG_URL;

// Other schemas of the same PostgreSQL database come and go (other tenants, parallel suites): migrating
// one schema must not read them, or a schema dropped mid-query fails the start with "schema … does not exist".
describe.skipIf(!url)('migrations on a PostgreSQL database whose other schemas are being dropped', () => {
  it('migrate every time while 60 other schemas are created and dropped beside it', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const others = Array.from({ length: 60 }, () => `t_churn_${crypto.randomBytes(5).toString('hex')}`);
    let stop = false;
    const churn = (async () => {
      while (!stop) {
        for (const name of others) {
          await admin.query(`create schema ${name}`);
          await admin.query(`create table ${name}.x (id serial primary key, a text)`);
        }
        for (const name of others) await admin.query(`drop schema ${name} cascade`);
      }
    })();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-migrate-churn-'));
    try {
      for (let round = 0; round < 6; round++) {
        const fresh = await freshDatabase('postgres', url, dataDir);
        const conn = openConnection(fresh.url, dataDir);
        try {
          await migrate(conn.db, conn.engine);
          await migrate(conn.db, conn.engine); // a second start runs nothing
          const ran = await conn.db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
          expect(ran.map((r) => r.name)).toEqual(migrationNames);
        } finally {
          await conn.close();
          await fresh.drop();
        }
      }
    } finally {
      stop = true;
      await churn;
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
