import crypto from 'node:crypto';
import Database from '../src/db/sqliteDriver.ts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addColumnSql, alterColumnSql, createTableSql, type DdlTable } from '../src/tables/ddl.ts';

const PG_URL = process.env.TEST_PG_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;

const unique = () => `ddl_t${crypto.randomBytes(4).toString('hex')}`;
const def = (name: string): DdlTable => ({
  name,
  columns: [
    { name: 'id', type: 'int', primaryKey: true, autoIncrement: true },
    { name: 'title', type: 'nvarchar', length: 20, notNull: true },
    { name: 'at', type: 'datetime' },
    { name: 'score', type: 'float' },
    { name: 'fee', type: 'money' },
    { name: 'photo', type: 'image' },
    { name: 'body', type: 'ntext' },
  ],
});

describe('generated DDL runs on the engines', () => {
  it('SQLite: create, add, insert', () => {
    const db = new Database(':memory:');
    const name = unique();
    db.exec(createTableSql('sqlite', def(name)));
    db.exec(addColumnSql('sqlite', name, { name: 'extra', type: 'nvarchar' }));
    db.prepare(`insert into "${name}" (title, extra) values (?, ?)`).run('a', 'b');
    const cols = (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(['id', 'title', 'at', 'score', 'fee', 'photo', 'body', 'extra']);
    expect(db.prepare(`select id, title, extra from "${name}"`).get()).toEqual({ id: 1, title: 'a', extra: 'b' });
    db.close();
  });

  it.skipIf(!PG_URL)('PostgreSQL: create, add, widen, insert (in a schema of its own, dropped after)', async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const schema = unique();
    try {
      await client.query(`create schema "${schema}"`);
      await client.query(`set search_path to "${schema}"`);
      const name = unique();
      await client.query(createTableSql('postgres', def(name)));
      await client.query(addColumnSql('postgres', name, { name: 'extra', type: 'int' }));
      await client.query(
        alterColumnSql('postgres', name, { name: 'title', type: 'nvarchar', length: 20 }, { name: 'title', type: 'nvarchar', length: 200, notNull: true }),
      );
      await client.query(alterColumnSql('postgres', name, { name: 'extra', type: 'int' }, { name: 'extra', type: 'money' }));
      await client.query(`insert into "${name}" (title, extra) values ($1, $2)`, ['x'.repeat(150), 1.5]);
      const cols = await client.query(
        `select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position`,
        [schema, name],
      );
      expect(cols.rows.map((r) => [r.column_name, r.data_type])).toEqual([
        ['id', 'integer'],
        ['title', 'character varying'],
        ['at', 'timestamp without time zone'],
        ['score', 'double precision'],
        ['fee', 'numeric'],
        ['photo', 'bytea'],
        ['body', 'text'],
        ['extra', 'numeric'],
      ]);
      expect(cols.rows[1]).toMatchObject({ character_maximum_length: 200, is_nullable: 'NO' });
      // the numeric's text as the database keeps it (cast: the pg module's parsers are process-wide, and a test file
      // sharing the worker with one that imported the app gets the app's numeric parser)
      const row = await client.query(`select id, extra::text as extra from "${name}"`);
      expect(row.rows).toEqual([{ id: 1, extra: '1.5000' }]);
    } finally {
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  });

  it.skipIf(!MYSQL_URL)('MySQL/MariaDB: create, add, widen, insert', async () => {
    const conn = await mysql.createConnection({ uri: MYSQL_URL! });
    const name = unique();
    try {
      await conn.query(createTableSql('mysql', def(name)));
      await conn.query(addColumnSql('mysql', name, { name: 'extra', type: 'int' }));
      await conn.query(
        alterColumnSql('mysql', name, { name: 'title', type: 'nvarchar', length: 20 }, { name: 'title', type: 'nvarchar', length: 200, notNull: true }),
      );
      await conn.query(`insert into \`${name}\` (title, extra) values (?, ?)`, ['x'.repeat(150), 7]);
      const [cols] = await conn.query(
        `select column_name as c, data_type as t, character_maximum_length as l, is_nullable as n from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position`,
        [name],
      );
      const list = cols as { c: string; t: string; l: number | null; n: string }[];
      expect(list.map((r) => [r.c, r.t])).toEqual([
        ['id', 'int'],
        ['title', 'varchar'],
        ['at', 'datetime'],
        ['score', 'double'],
        ['fee', 'decimal'],
        ['photo', 'longblob'],
        ['body', 'longtext'],
        ['extra', 'int'],
      ]);
      expect(list[1]).toMatchObject({ l: 200, n: 'NO' });
      const [rows] = await conn.query(`select id, extra from \`${name}\``);
      expect(rows).toEqual([{ id: 1, extra: 7 }]);
    } finally {
      await conn.query(`drop table if exists \`${name}\``);
      await conn.end();
    }
  });
});
