import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtinTableDefs, type TableDef } from '@qb/contracts/pages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeclaredColumns, columnsOf as tableColumns, createBuiltinTable, indexName } from '../src/db/builtinTables.ts';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { insertReturningId } from '../src/db/insert.ts';
import { migrate, migrationNames, orderedSteps } from '../src/db/migrations/index.ts';
import { builtinTables } from '../src/schema/builtin.ts';
import { engines, freshDatabase } from './helpers.ts';

/**
 * A built-in table is declared once, with its page (packages/contracts/src/resources/): the registry serves the
 * declaration, and a migrated database has the table with every declared column. A table declared without the step
 * that makes it (`createdIn`) fails here, on the first run, not as 500s of its page.
 */

const columnsOf = (conn: Connection, table: string) => tableColumns(conn.db, conn.engine, table);

async function indexesOf(conn: Connection, table: string): Promise<string[]> {
  const query =
    conn.engine === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_index_list(${table})`
      : conn.engine === 'mysql'
        ? sql<{ name: string }>`select distinct index_name as name from information_schema.statistics where table_schema = database() and table_name = ${table}`
        : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`;
  return (await query.execute(conn.db)).rows.map((r) => String(r.name));
}

describe('built-in tables declared with their pages', () => {
  it('the registry serves every declared table, each once', () => {
    expect(builtinTables.map((t) => t.flag)).toEqual(builtinTableDefs.map((t) => t.flag));
    const flags = builtinTables.map((t) => t.flag);
    expect(flags.filter((f, i) => flags.indexOf(f) !== i)).toEqual([]);
  });

  it('runs a declared step in the order of its name, and refuses a name taken twice', () => {
    const noop = async () => undefined;
    const names = orderedSteps([['0014_declared_probe', noop]]).map(([name]) => name);
    expect(names.indexOf('0014_declared_probe')).toBe(names.indexOf('0013_menu_english') + 1);
    expect(() => orderedSteps([['0013_menu_english', noop]])).toThrow(/0013_menu_english/);
    // the live list: every declared table's step is one of the steps migrate runs
    for (const def of builtinTableDefs) if (def.createdIn) expect(migrationNames, def.flag).toContain(def.createdIn);
  });
});

describe.each(engines)('built-in tables on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-resources-'));
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  beforeAll(async () => {
    fresh = await freshDatabase(engine, url, dataDir);
    conn = openConnection(fresh.url ?? `file:${path.join(dataDir, 'app.sqlite')}`, dataDir);
    await migrate(conn.db, conn.engine);
  });
  afterAll(async () => {
    await conn?.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a migrated database has every declared table with every declared column', async () => {
    for (const def of builtinTableDefs) {
      const table = def.table ?? def.flag;
      const expected = ['id', ...def.columns.map((c) => c.name), ...(def.softDelete ? ['isdelete'] : [])];
      const have = await columnsOf(conn, table);
      expect(
        expected.filter((c) => !have.includes(c)),
        `${table}: declared columns no migration made (a table needs its \`createdIn\`, a new column a migration: docs/architecture.md)`,
      ).toEqual([]);
    }
  });

  const probe: TableDef = {
    flag: `resource_probe_${engine}`,
    title: { zh: '探针', en: 'Probe' },
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 40, required: true },
      { name: 'capacity', type: 'int', defaultValue: 30 },
      { name: 'fee', type: 'money' },
      { name: 'opens', type: 'datetime' },
      { name: 'notes', type: 'ntext' },
      { name: 'photo', type: 'image' },
      { name: 'ratio', type: 'float' },
    ],
    indexes: [['isdelete', 'capacity']],
  };

  it('createBuiltinTable makes a declared table on this engine: its key, columns, defaults and indexes, once', async () => {
    await createBuiltinTable(conn.db, conn.engine, probe);
    await createBuiltinTable(conn.db, conn.engine, probe);
    expect(await columnsOf(conn, probe.flag)).toEqual(
      expect.arrayContaining(['id', 'name', 'capacity', 'fee', 'opens', 'notes', 'photo', 'ratio', 'isdelete']),
    );
    expect(await indexesOf(conn, probe.flag)).toContain(indexName(probe.flag, ['isdelete', 'capacity']));
    const first = await insertReturningId(conn.db, conn.engine, probe.flag, { name: '第一考场', fee: 12.5, opens: '2026-01-02 08:00:00', notes: '长文本' });
    const second = await insertReturningId(conn.db, conn.engine, probe.flag, { name: 'B' });
    expect(second).toBeGreaterThan(first);
    const row = await conn.db.selectFrom(probe.flag).selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect({ name: row.name, capacity: Number(row.capacity), fee: Number(row.fee), isdelete: Number(row.isdelete) }).toEqual({
      name: '第一考场',
      capacity: 30,
      fee: 12.5,
      isdelete: 0,
    });
  });

  it("refuses to take an operator's table of the declared name as the built-in table", async () => {
    const name = `resource_clash_${engine}`;
    await conn.db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'varchar(20)')
      .execute();
    await expect(createBuiltinTable(conn.db, conn.engine, { ...probe, flag: name })).rejects.toThrow(
      new RegExp(`${name} is there already without the columns name, capacity`),
    );
  });

  it('addDeclaredColumns gives a table made earlier the columns declared since, each once, with its default', async () => {
    const later: TableDef = { ...probe, columns: [...probe.columns, { name: 'floor', type: 'int', defaultValue: 1 }] };
    await addDeclaredColumns(conn.db, conn.engine, later, ['floor']);
    await addDeclaredColumns(conn.db, conn.engine, later, ['floor']);
    expect(await columnsOf(conn, probe.flag)).toContain('floor');
    const id = await insertReturningId(conn.db, conn.engine, probe.flag, { name: 'C' });
    expect(Number((await conn.db.selectFrom(probe.flag).select('floor').where('id', '=', id).executeTakeFirstOrThrow()).floor)).toBe(1);
    await expect(addDeclaredColumns(conn.db, conn.engine, later, ['nothing'])).rejects.toThrow(/nothing/);
  });
});
