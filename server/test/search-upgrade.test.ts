import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { ADMIN_PASSWORD, engines, freshDatabase } from './helpers.ts';

// Issue 30: a database made by the release before migration 0012 (MySQL/MariaDB's grams; a no-op on the other engines)
// migrates, keeps every row, and is searched exactly: on MySQL first from the queue (the existing rows are queued by
// the migration), then from the grams the server makes.
describe.each(engines)('a database at migration 0011 migrates to 0012 on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-grams-upgrade-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  beforeAll(async () => {
    database = await freshDatabase(engine, url, dataDir);
    conn = openConnection(database.url, dataDir);
  });
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every row and finds them through the index', async () => {
    await migrate(conn.db, conn.engine, '0011_loginid_unique');
    await conn.db
      .insertInto('questionBank')
      .values(Array.from({ length: 60 }, (_, k) => ({ parentId: 1, typeId: 1, name: `升级前的题目 BeforeQ ${k}`, isdelete: k % 10 === 0 ? 1 : 0 })))
      .execute();
    await conn.db.insertInto('sys_member').values({ name: '会员甲 memberq', phone: '19912345678' }).execute();
    const before = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
    const members = await conn.db.selectFrom('sys_member').selectAll().orderBy('id').execute();
    await migrate(conn.db, conn.engine);
    // the rows as they were, column by column (a later migration may add columns)
    const asBefore = (rows: Record<string, unknown>[], like: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.keys(like[0] ?? {}).map((k) => [k, r[k]])));
    expect(asBefore(await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute(), before)).toEqual(before);
    expect(asBefore(await conn.db.selectFrom('sys_member').selectAll().orderBy('id').execute(), members)).toEqual(members);
    await seed(conn.db, conn.engine, ADMIN_PASSWORD);
    const ctx = createContext(
      loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
      conn,
    );
    const names = async (value: string) => {
      const plan = ctx.crud.planSelect({ _flag: 'questionBank', row: '100', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
      return {
        names: (await ctx.crud.readPage(plan)).map((r) => String(r.name)).sort(),
        indexed: Boolean(plan.conditions[0]!.grams ?? plan.conditions[0]!.side ?? plan.conditions[0]!.fts),
      };
    };
    // 1 and 11-19 (10 is deleted)
    const expected = [1, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((k) => `升级前的题目 BeforeQ ${k}`).sort();
    expect((await names('题目 beforeq 1')).names).toEqual(expected);
    await ctx.crud.searchUpkeep.everyTable();
    await ctx.crud.searchUpkeep.settled();
    expect(await names('题目 beforeq 1')).toEqual({ names: expected, indexed: true });
    const member = ctx.crud.planSelect({ _flag: 'sys_member', wheres: JSON.stringify({ phone: { type: 'like', value: '9912345' } }) }, SYSTEM);
    expect((await ctx.crud.readPage(member)).map((r) => r.name)).toEqual(['会员甲 memberq']);
    if (engine === 'mysql') expect(member.conditions[0]!.grams).toEqual({ table: 'sys_member', col: 1 });
  });
});
