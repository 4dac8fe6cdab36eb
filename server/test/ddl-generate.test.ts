import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceEngine } from '../src/datasources/engines.ts';
import { addColumnSql, alterColumnSql, checkName, createTableSql, DdlNameError, type DdlTable } from '../src/tables/ddl.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures', 'ddl');
const table: DdlTable = {
  name: 'exam_room',
  columns: [
    { name: 'id', type: 'int', primaryKey: true, autoIncrement: true },
    { name: 'roomName', type: 'nvarchar', length: 80, notNull: true },
    { name: 'note', type: 'nvarchar' },
    { name: 'openedAt', type: 'datetime' },
    { name: 'score', type: 'float' },
    { name: 'fee', type: 'money' },
    { name: 'photo', type: 'image' },
    { name: 'detail', type: 'ntext' },
  ],
};

function script(engine: SourceEngine): string {
  return (
    [
      createTableSql(engine, table),
      addColumnSql(engine, 'exam_room', { name: 'seats', type: 'int' }),
      alterColumnSql(engine, 'exam_room', { name: 'note', type: 'nvarchar', length: 50 }, { name: 'note', type: 'nvarchar', length: 200 }),
      alterColumnSql(engine, 'exam_room', { name: 'seats', type: 'int' }, { name: 'seats', type: 'money' }),
    ].join(';\n\n') + ';\n'
  );
}

describe('DDL generation', () => {
  for (const engine of ['mssql', 'oracle', 'postgres', 'mysql'] as const) {
    it(`${engine}: matches the golden file`, () => {
      const golden = fs.readFileSync(path.join(fixtures, `${engine}.sql`), 'utf8');
      expect(script(engine)).toBe(golden);
    });
  }

  it('sqlite: create and add, and a type change refused with a reason', () => {
    expect(createTableSql('sqlite', table)).toContain('"id" INTEGER PRIMARY KEY AUTOINCREMENT');
    expect(addColumnSql('sqlite', 'exam_room', { name: 'seats', type: 'int' })).toBe('ALTER TABLE "exam_room" ADD COLUMN "seats" INTEGER');
    expect(() => alterColumnSql('sqlite', 'exam_room', { name: 'n', type: 'nvarchar', length: 5 }, { name: 'n', type: 'nvarchar', length: 9 })).toThrow(
      /SQLite/,
    );
  });

  it.each(['a"b', 'a;drop', 'select', 'SELECT', 'sys_user', 'x'.repeat(64), '题目', 'tablé', '', ' a', '1abc', 'a-b', 'pg_x', 'sqlite_master'])(
    'refuses the table name %j',
    (name) => {
      expect(() => checkName(name, 'table')).toThrow(DdlNameError);
      expect(() => createTableSql('postgres', { name, columns: [{ name: 'id', type: 'int' }] })).toThrow(DdlNameError);
    },
  );

  it.each(['a"b', 'a;drop', 'select', 'order', 'x'.repeat(64), '名称', ''])('refuses the column name %j', (name) => {
    expect(() => createTableSql('mysql', { name: 'ok_table', columns: [{ name, type: 'int' }] })).toThrow(DdlNameError);
  });

  it('accepts 63 characters and refuses built-in tables by name', () => {
    expect(checkName('a'.repeat(63), 'table')).toBe('a'.repeat(63));
    expect(() => checkName('sys_connsql', 'table')).toThrow(/built-in|system prefix/);
  });

  it('refuses lossy changes with a reason', () => {
    expect(() => alterColumnSql('postgres', 't1', { name: 'n', type: 'nvarchar', length: 50 }, { name: 'n', type: 'nvarchar', length: 10 })).toThrow(
      /truncate/,
    );
    expect(() => alterColumnSql('mysql', 't1', { name: 'n', type: 'ntext' }, { name: 'n', type: 'int' })).toThrow(/lose data/);
    expect(() => alterColumnSql('mssql', 't1', { name: 'n', type: 'float' }, { name: 'n', type: 'int' })).toThrow(/lose data/);
  });

  it('refuses bad definitions', () => {
    expect(() => createTableSql('mysql', { name: 't1', columns: [] })).toThrow(/at least one/);
    expect(() =>
      createTableSql('mysql', {
        name: 't1',
        columns: [
          { name: 'a', type: 'int' },
          { name: 'A', type: 'int' },
        ],
      }),
    ).toThrow(/duplicate/);
    expect(() => createTableSql('mysql', { name: 't1', columns: [{ name: 'a', type: 'nvarchar', autoIncrement: true, primaryKey: true }] })).toThrow(/int/);
    expect(() => createTableSql('mysql', { name: 't1', columns: [{ name: 'a', type: 'nvarchar', length: 0 }] })).toThrow(/length/);
    expect(() => createTableSql('mysql', { name: 't1', columns: [{ name: 'a', type: 'blob' as never }] })).toThrow(/type/);
    expect(() => addColumnSql('mysql', 't1', { name: 'b', type: 'int', notNull: true })).toThrow(/NOT NULL/);
  });
});
