import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { engines, freshDatabase } from './helpers.ts';

/**
 * Migration 0011_loginid_unique (issue 29 #2): one live account per loginid, in the database. A database of an earlier
 * release that already holds live duplicates (two instances that both seeded it) still migrates, keeping every row and
 * password: the oldest account keeps the loginid, each later one is renamed `<loginid>#<id>`.
 */
describe.each(engines)('one live account per loginid on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-loginid-'));
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  const account = (loginid: string, pass: string, isdelete = 0) => ({ loginid, name: loginid, pass, isdelete, state: 1, sex: 0 });
  const insert = (values: Record<string, unknown>) => conn.db.insertInto('sys_user').values(values).execute();
  const users = async () =>
    (await conn.db.selectFrom('sys_user').select(['id', 'loginid', 'pass', 'isdelete']).orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      loginid: r.loginid,
      pass: r.pass,
      isdelete: Number(r.isdelete),
    }));

  beforeAll(async () => {
    fresh = await freshDatabase(engine, url, dataDir);
    conn = openConnection(fresh.url, dataDir);
    // the database as the release before this one left it, with the double seed's two live admins
    await migrate(conn.db, conn.engine, '0010_search_side');
    await insert(account('admin', 'hash-of-the-first'));
    await insert(account('admin', 'hash-of-the-second'));
    await insert(account('admin', 'hash-of-a-deleted-one', 1));
    await insert(account('editor', 'hash-of-editor'));
    await insert(account('editor', 'hash-of-editor-2'));
    await insert(account('editor#5', 'hash-of-one-spelled-so'));
    await migrate(conn.db, conn.engine);
  });
  afterAll(async () => {
    await conn?.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every account and password; the oldest keeps the loginid, a later one becomes <loginid>#<id>', async () => {
    expect(await users()).toEqual([
      { id: 1, loginid: 'admin', pass: 'hash-of-the-first', isdelete: 0 },
      { id: 2, loginid: 'admin#2', pass: 'hash-of-the-second', isdelete: 0 },
      { id: 3, loginid: 'admin', pass: 'hash-of-a-deleted-one', isdelete: 1 },
      { id: 4, loginid: 'editor', pass: 'hash-of-editor', isdelete: 0 },
      // editor#5 was taken: one more mark
      { id: 5, loginid: 'editor##5', pass: 'hash-of-editor-2', isdelete: 0 },
      { id: 6, loginid: 'editor#5', pass: 'hash-of-one-spelled-so', isdelete: 0 },
    ]);
  });

  it('refuses a second live account of a loginid; deleted ones may share it; the spelling counts exactly', async () => {
    await expect(insert(account('admin', 'x'))).rejects.toThrow();
    await insert(account('admin', 'x', 1));
    await insert(account('ADMIN', 'x'));
    // undeleting the deleted admin while another admin lives is refused too
    await expect(conn.db.updateTable('sys_user').set({ isdelete: 0 }).where('id', '=', 3).execute()).rejects.toThrow();
    await conn.db.updateTable('sys_user').set({ isdelete: 1 }).where('id', '=', 1).execute();
    await conn.db.updateTable('sys_user').set({ isdelete: 0 }).where('id', '=', 3).execute();
  });

  it('adds no column a row read shows (MySQL: the indexed column is invisible)', async () => {
    const row = await conn.db.selectFrom('sys_user').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain('loginidLive');
  });
});
