import { SQL_NAME_PATTERN } from '@qb/contracts';
import { sql } from 'kysely';
import type { Caller } from '../access/index.ts';
import type { TablesDeps } from './deps.ts';
import { nowText } from '../db/time.ts';
import type { AppDb } from '../db/appDatabase.ts';
import { insertReturningId } from '../db/insert.ts';
import type { SourceHandle } from '../datasources/index.ts';
import { DdlNameError, SYSTEM_PREFIXES } from './ddl.ts';
import { ApiError } from '../http/errors.ts';
import { bumpRegistryVersion } from '../schema/sync.ts';
import { assertNameFree, assertNotBuiltin, checkDefinition, checkPageColumns, type DdlPlan, loadSheet, planDdl, refusal } from './definition.ts';
import { listTables, type ReadBackColumn, readColumns } from './introspect.ts';
import { afterTableDdl, beforeTableDdl } from './searchIndex.ts';

/** Engines whose DDL runs in a transaction; on the others (MySQL, Oracle) each statement commits and a failure is undone by hand. */
const TRANSACTIONAL = new Set(['sqlite', 'postgres', 'mssql']);

/** The engine's own words of a failed statement, short. */
function reasonOf(err: unknown): string {
  const e = err as { message?: unknown; sqlMessage?: unknown };
  return String(e?.sqlMessage ?? e?.message ?? err).slice(0, 500);
}

/** Runs the statements all or nothing: in a transaction, or undoing those that ran when a later one fails. */
async function runPlan(source: SourceHandle, plan: DdlPlan): Promise<void> {
  if (TRANSACTIONAL.has(source.engine)) {
    await source.db.transaction().execute(async (trx) => {
      for (const s of plan.statements) await sql.raw(s).execute(trx);
    });
    return;
  }
  let done = 0;
  try {
    for (const s of plan.statements) {
      await sql.raw(s).execute(source.db);
      done++;
    }
  } catch (err) {
    // a CREATE has one undo (drop); each ADD or MODIFY its own, in reverse order
    const undo = plan.statements.length === 1 && /^CREATE TABLE/.test(plan.statements[0]!) ? (done ? plan.undo : []) : plan.undo.slice(0, done).reverse();
    for (const u of undo)
      await sql
        .raw(u)
        .execute(source.db)
        .catch(() => {});
    throw err;
  }
}

async function writeHistory(db: AppDb, entry: { sheetId: number; sourceId: number; tableName: string; statements: string[]; result: string; caller?: Caller }) {
  await db
    .insertInto('sys_ddlHistory')
    .values({
      sheetId: entry.sheetId,
      sourceId: entry.sourceId,
      tableName: entry.tableName.slice(0, 64),
      statements: entry.statements.join(';\n\n'),
      result: entry.result,
      operatorId: entry.caller?.id ?? null,
      operatorName: (entry.caller?.name || entry.caller?.loginid || '').slice(0, 50) || null,
      createTime: nowText(),
      isdelete: 0,
    })
    .execute();
}

export interface CreateSqlTableResult {
  sheetId: number;
  sourceId: number;
  tableName: string;
  statements: string[];
  applied: boolean;
  created: boolean;
}

/**
 * createSqlTable: the SQL that makes the real table match the saved definition, answered (preview) or run.
 * Refusals come before any SQL; a failed run leaves nothing half-made and is recorded in the history.
 */
export function createSqlTable(ctx: TablesDeps, id: number, preview: boolean, caller: Caller | undefined): Promise<CreateSqlTableResult> {
  // one run per definition at a time in this instance: a double click does not run the same CREATE twice
  const previous = running.get(id) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => createSqlTableNow(ctx, id, preview, caller));
  const tail = next.catch(() => {});
  running.set(id, tail);
  void tail.then(() => {
    if (running.get(id) === tail) running.delete(id);
  });
  return next;
}

const running = new Map<number, Promise<unknown>>();

async function createSqlTableNow(ctx: TablesDeps, id: number, preview: boolean, caller: Caller | undefined): Promise<CreateSqlTableResult> {
  const db = ctx.conn.db;
  const def = await loadSheet(db, id);
  assertNotBuiltin(ctx.registry, def.tableName);
  let plan: DdlPlan;
  try {
    // names first: a hostile one is refused before the source is even asked
    checkDefinition(def);
  } catch (err) {
    if (err instanceof DdlNameError) throw refusal(err);
    throw err;
  }
  await assertNameFree(db, def.tableName, def.id);
  const source = await ctx.sources.get(def.sourceId);
  try {
    plan = planDdl(source.engine, def);
  } catch (err) {
    if (err instanceof DdlNameError) throw refusal(err);
    throw err;
  }
  const answer = { sheetId: def.id, sourceId: def.sourceId, tableName: def.tableName, statements: plan.statements };
  if (!def.created) {
    const existing = await listTables(source, ctx.registry).catch(() => [] as string[]);
    if (existing.some((n) => n.toLowerCase() === def.tableName.toLowerCase())) {
      throw new ApiError(409, 'tableNameTaken', {
        name: def.tableName,
        zh: '数据源中已有同名的表（可读取其结构）',
        en: 'the source already has a table of that name (read it back instead)',
      });
    }
  }
  if (preview) return { ...answer, applied: false, created: def.created };
  // nothing to change: a created table whose definition matches is answered as it is
  if (plan.statements.length === 0) return { ...answer, applied: false, created: true };
  const history = { sheetId: def.id, sourceId: def.sourceId, tableName: def.tableName, statements: plan.statements, caller };
  try {
    await beforeTableDdl(ctx, def.sourceId, def.tableName);
    await runPlan(source, plan);
  } catch (err) {
    // the search index of the table as it still is (issue 21)
    if (def.created) await afterTableDdl(ctx, def.sourceId, def.tableName).catch(() => {});
    const reason = reasonOf(err);
    await ctx.crud.writeTransaction(['sys_ddlHistory'], (trx) => writeHistory(trx, { ...history, result: reason }));
    throw new ApiError(422, 'ddlFailed', { detail: reason });
  }
  await ctx.crud.writeTransaction(['sys_dataSheet', 'sys_ddlHistory'], async (trx) => {
    await trx
      .updateTable('sys_dataSheet')
      .set({ created: 1, applied: JSON.stringify({ columns: plan.applied }) })
      .where('id', '=', def.id)
      .execute();
    await writeHistory(trx, { ...history, result: 'ok' });
    await bumpRegistryVersion(trx);
  });
  await ctx.registrySync.reload();
  // the table is made: a search index that cannot be made leaves its searches reading the rows (as before), logged
  await afterTableDdl(ctx, def.sourceId, def.tableName).catch((err) =>
    ctx.crud.searchUpkeep.log?.warn({ err, table: def.tableName }, 'search index of the table not made'),
  );
  return { ...answer, applied: true, created: true };
}

/** The tables of a source, each marked when a live definition of that name on that source exists. */
export async function sourceTables(ctx: TablesDeps, sourceId: number): Promise<{ tableName: string; defined: boolean }[]> {
  const source = await ctx.sources.get(sourceId);
  const names = await listTables(source, ctx.registry);
  const sheets = await ctx.conn.db.selectFrom('sys_dataSheet').select('tableName').where('isdelete', '=', 0).where('parentid', '=', sourceId).execute();
  const defined = new Set(sheets.map((s) => String(s.tableName).toLowerCase()));
  return names.map((tableName) => ({ tableName, defined: defined.has(tableName.toLowerCase()) }));
}

/** Reads an existing table of a source into a new definition (created, its columns as applied), in one transaction. */
export async function readBack(ctx: TablesDeps, sourceId: number, tableName: string): Promise<{ id: number }> {
  const source = await ctx.sources.get(sourceId);
  const names = await listTables(source, ctx.registry);
  const name = names.find((n) => n === tableName);
  if (!name) throw new ApiError(404, 'sourceTableNotFound', { name: tableName.slice(0, 128) });
  if (!SQL_NAME_PATTERN.test(name))
    throw refusal(
      new DdlNameError(name, '表名须以英文字母开头，只含英文字母、数字和下划线', 'a table name starts with a letter and has only letters, digits and _'),
    );
  // a table of another source named like the app's own (sys_user, kysely_…): its definition would shadow nothing
  // and serve nothing, so it is refused like a definition of that name (attack-pivot.test.ts)
  if (SYSTEM_PREFIXES.some((p) => name.toLowerCase().startsWith(p)))
    throw refusal(new DdlNameError(name, '表名不能以系统前缀开头', 'the table name starts with a system prefix'));
  assertNotBuiltin(ctx.registry, name);
  const db = ctx.conn.db;
  const sheets = await db.selectFrom('sys_dataSheet').select(['id', 'tableName', 'parentid']).where('isdelete', '=', 0).execute();
  if (sheets.some((s) => String(s.tableName).toLowerCase() === name.toLowerCase() && Number(s.parentid) === sourceId)) {
    throw new ApiError(409, 'tableAlreadyDefined', { name });
  }
  await assertNameFree(db, name);
  const columns: ReadBackColumn[] = await readColumns(source, name);
  const bad = columns.find((c) => !SQL_NAME_PATTERN.test(c.name));
  if (bad)
    throw refusal(
      new DdlNameError(bad.name, '字段名须以英文字母开头，只含英文字母、数字和下划线', 'a column name starts with a letter and has only letters, digits and _'),
    );
  try {
    checkPageColumns(columns);
  } catch (err) {
    if (err instanceof DdlNameError) throw refusal(err);
    throw err;
  }
  const now = nowText();
  const id = await ctx.crud.writeTransaction(['sys_dataSheet', 'sys_tableFields'], async (trx) => {
    const sheetId = await insertReturningId(trx, ctx.conn.engine, 'sys_dataSheet', {
      tableName: name,
      intro: null,
      titleEn: null,
      parentid: sourceId,
      created: 1,
      // the engine's own types go with the applied columns (the registry reads them); the options go to the fields
      applied: JSON.stringify({ columns: columns.map(({ options: _options, ...c }) => c) }),
      createTime: now,
      isdelete: 0,
    });
    for (const c of columns) {
      await trx
        .insertInto('sys_tableFields')
        .values({
          parentid: sheetId,
          columnName: c.name,
          type: c.type,
          length: c.type === 'nvarchar' ? c.length : null,
          primaryKey: c.primaryKey ? 1 : 0,
          nonEmpty: c.notNull ? 1 : 0,
          autoIncrement: c.autoIncrement ? 1 : 0,
          options: c.options ? JSON.stringify(c.options) : null,
          isdelete: 0,
        })
        .execute();
    }
    await bumpRegistryVersion(trx);
    return sheetId;
  });
  await ctx.registrySync.reload();
  return { id };
}
