import type { DerivedColumn, FormTableAnswer } from '@qb/contracts';
import type { Caller } from '../access/index.ts';
import type { TablesDeps } from '../tables/deps.ts';
import { DdlNameError, type DdlColumn } from '../tables/ddl.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { bumpRegistryVersion } from '../schema/sync.ts';
import { assertNameFree, assertNotBuiltin, type DdlPlan, planDdl, refusal } from '../tables/definition.ts';
import { createSqlTable } from '../tables/service.ts';
import { formOfJson } from '../boundForms/binding.ts';
import { deriveColumns } from './derive.ts';

const LOCAL_SOURCE = 10000;

function ddlColumnOf(c: DerivedColumn): DdlColumn {
  return {
    name: c.columnName,
    type: c.type,
    ...(c.type === 'nvarchar' ? { length: c.length } : {}),
    ...(c.primaryKey ? { primaryKey: true, notNull: true } : {}),
    ...(c.autoIncrement ? { autoIncrement: true } : {}),
    // the preview shows the DEFAULT the created table gets (its definition's 默认值, issue 31 #8)
    ...(c.defaults !== undefined && c.defaults !== null && String(c.defaults) !== '' ? { defaultValue: String(c.defaults) } : {}),
  };
}

/**
 * Auto-create (docs/forms.md "Auto-create"): the table of a form definition with isCreateTable 1, its columns
 * derived from the form's value fields. A preview answers the columns and the SQL and writes nothing; a run saves
 * the table definition (the data-table manager's own master-slave save) and creates the table through
 * createSqlTable (tables/service.ts: names checked, DDL per engine, history); when that fails the definition is
 * removed again, so nothing is kept.
 */
export async function createTableFromForm(ctx: TablesDeps, id: number, preview: boolean, caller: Caller | undefined): Promise<FormTableAnswer> {
  const db = ctx.conn.db;
  const row = await db
    .selectFrom(ctx.registry.get('sys_layTable').table)
    .select(['id', 'name', 'tableName', 'databaseId', 'isCreateTable', 'formJson'])
    .where('id', '=', id)
    .where('isdelete', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('formNotFound', { id });
  if (Number(row.isCreateTable) !== 1) throw badRequest('formNotAutoCreate');
  const tableName = typeof row.tableName === 'string' ? row.tableName.trim() : '';
  if (tableName === '') throw badRequest('formNoTableName');
  const json = typeof row.formJson === 'string' ? row.formJson.trim() : '';
  if (json === '') throw badRequest('formNoFields');
  const columns = deriveColumns(formOfJson(json));
  const fieldColumns = columns.filter((c) => c.field !== undefined);
  if (fieldColumns.length === 0) throw badRequest('formNoFields');
  const reserved = fieldColumns.find((c) => ['id', 'isdelete'].includes(c.columnName.toLowerCase()));
  if (reserved) throw badRequest('formFieldReserved', { field: reserved.columnName });

  assertNotBuiltin(ctx.registry, tableName);
  await assertNameFree(db, tableName);
  if (ctx.registry.has(tableName)) throw new ApiError(409, 'formTableExists', { table: tableName });
  const sourceId = row.databaseId === null || row.databaseId === undefined || row.databaseId === '' ? LOCAL_SOURCE : Number(row.databaseId);
  const source = await ctx.sources.get(sourceId);
  let plan: DdlPlan;
  try {
    // the same checks and SQL as the data-table manager's create (names, reserved words, types per engine)
    plan = planDdl(source.engine, { id: 0, tableName, intro: null, sourceId, created: false, applied: undefined, columns: columns.map(ddlColumnOf) });
  } catch (err) {
    if (err instanceof DdlNameError) throw refusal(err);
    throw err;
  }
  const answer: FormTableAnswer = { formId: id, tableName, sourceId, columns, statements: plan.statements, created: false };
  if (preview) return answer;

  const intro = typeof row.name === 'string' && row.name.trim() ? row.name.trim().slice(0, 200) : tableName;
  const saved = await ctx.crud.masterSlave(
    {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      mainData: { tableName, intro, parentid: sourceId },
      chidrenData: columns.map((c) => ({
        columnName: c.columnName,
        type: c.type,
        ...(c.length !== undefined ? { length: c.length } : {}),
        ...(c.defaults !== undefined ? { defaults: c.defaults } : {}),
        primaryKey: c.primaryKey ? 1 : 0,
        nonEmpty: c.primaryKey ? 1 : 0,
        autoIncrement: c.autoIncrement ? 1 : 0,
        intro: c.intro.slice(0, 200),
        ...(c.titleEn ? { titleEn: c.titleEn.slice(0, 200) } : {}),
      })),
      bindField: 'parentid',
    },
    caller,
  );
  const sheetId = Number(saved.id);
  try {
    const created = await createSqlTable(ctx, sheetId, false, caller);
    return { ...answer, statements: created.statements, sheetId, created: true };
  } catch (err) {
    // nothing kept: the definition made for this table goes again (createSqlTable left no table behind)
    await ctx.crud.writeTransaction(['sys_tableFields', 'sys_dataSheet'], async (trx) => {
      await trx.deleteFrom('sys_tableFields').where('parentid', '=', sheetId).execute();
      await trx.deleteFrom('sys_dataSheet').where('id', '=', sheetId).execute();
      await bumpRegistryVersion(trx);
    });
    await ctx.registrySync.reload();
    throw err;
  }
}
