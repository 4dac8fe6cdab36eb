import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableSql, addColumnSql } from '../src/tables/ddl.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { defineTable } from './tables-helpers.ts';

/** Issue 31 #8: the 默认值 of a table definition is in the CREATE TABLE preview and in the table made. */

const unique = () => `dflt${crypto.randomBytes(4).toString('hex')}`;

describe('DEFAULT in the generated DDL', () => {
  it('writes each type’s default as its literal on every engine, and refuses one the type cannot hold', () => {
    const table = {
      name: 'room',
      columns: [
        { name: 'id', type: 'int' as const, primaryKey: true, autoIncrement: true, defaultValue: '5' },
        { name: 'isdelete', type: 'int' as const, defaultValue: '0' },
        { name: 'price', type: 'money' as const, defaultValue: '+1.5' },
        { name: 'note', type: 'nvarchar' as const, length: 40, defaultValue: "it's \\ here" },
        { name: 'body', type: 'ntext' as const, defaultValue: '无' },
        { name: 'opened', type: 'datetime' as const, defaultValue: '2026-01-31 08:00:00' },
        { name: 'photo', type: 'image' as const, defaultValue: 'x' },
      ],
    };
    const sqlite = createTableSql('sqlite', table);
    expect(sqlite).toContain('"isdelete" INTEGER DEFAULT 0');
    expect(sqlite).toContain('"price" NUMERIC DEFAULT 1.5');
    expect(sqlite).toContain(`DEFAULT 'it''s \\ here'`);
    expect(sqlite).toContain(`DEFAULT '2026-01-31 08:00:00'`);
    expect(sqlite).toContain('"id" INTEGER PRIMARY KEY AUTOINCREMENT');
    expect(sqlite).toMatch(/"photo" BLOB\n/);
    const mysql = createTableSql('mysql', table);
    expect(mysql).toContain(`DEFAULT 'it''s \\\\ here'`);
    expect(mysql).toContain(`\`body\` LONGTEXT DEFAULT ('无')`);
    expect(createTableSql('mssql', table)).toContain(`DEFAULT N'it''s \\ here'`);
    expect(createTableSql('oracle', table)).toContain(`DEFAULT TIMESTAMP '2026-01-31 08:00:00'`);
    expect(addColumnSql('postgres', 'room', { name: 'floor', type: 'int', defaultValue: '1' })).toBe('ALTER TABLE "room" ADD COLUMN "floor" INTEGER DEFAULT 1');
    expect(() => createTableSql('sqlite', { name: 'r', columns: [{ name: 'n', type: 'int', defaultValue: '1.5' }] })).toThrow(/integer/);
    expect(() => createTableSql('sqlite', { name: 'r', columns: [{ name: 'n', type: 'float', defaultValue: '1; drop' }] })).toThrow(/number/);
    expect(() => createTableSql('sqlite', { name: 'r', columns: [{ name: 'd', type: 'datetime', defaultValue: "now')" }] })).toThrow(/date/);
    expect(() => createTableSql('sqlite', { name: 'r', columns: [{ name: 's', type: 'nvarchar', length: 3, defaultValue: 'abcd' }] })).toThrow(/longer/);
  });
});

describe.each(engines)('the 默认值 of a definition on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('is in the preview, and a row inserted without those columns gets them', async () => {
    const name = unique();
    const id = await defineTable(t, name, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'title', type: 'nvarchar', length: 20 },
      { columnName: 'isdelete', type: 'int', defaults: '0' } as never,
      { columnName: 'note', type: 'nvarchar', length: 30, defaults: "'); drop table x; --" } as never,
      { columnName: 'price', type: 'money', defaults: '2.5' } as never,
    ]);
    const preview = await t.post('/api/action/createSqlTable/', { id, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const statement = preview.json().data.statements[0] as string;
    expect(statement).toMatch(/.isdelete. INT(EGER)? DEFAULT 0/);
    expect(statement).toContain("DEFAULT '''); drop table x; --'");
    expect(statement).toContain('DEFAULT 2.5');
    const run = await t.post('/api/action/createSqlTable/', { id });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.statements).toEqual([statement]);
    const q = (s: string) => (engine === 'mysql' ? `\`${s}\`` : `"${s}"`);
    await sql.raw(`insert into ${q(name)} (${q('title')}) values ('a')`).execute(t.ctx.conn.db);
    const row = (await sql.raw(`select * from ${q(name)}`).execute(t.ctx.conn.db)).rows[0] as Record<string, unknown>;
    expect(Number(row.isdelete)).toBe(0);
    expect(row.note).toBe("'); drop table x; --");
    expect(Number(row.price)).toBe(2.5);
  });
});
