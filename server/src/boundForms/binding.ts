import { hasOwnKey, ownValue } from '@qb/contracts';
import { FormSchemaError, formValueFields, formValueKind, migrateFormSchema, withColumnTitles, type FormSchema, type FormValueField } from '@qb/contracts';
import type { AppDb } from '../db/appDatabase.ts';
import { badRequest } from '../http/errors.ts';
import { builtinTables } from '../schema/builtin.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';

// A form definition (sys_layTable row) bound to a table: its tableName is a registry flag and its formJson a form
// schema whose value fields are columns of that table (docs/forms.md "Forms bound to tables").

const LAY_TABLE = 'sys_layTable' as const;

/**
 * The back-office's own tables (`system` in schema/builtin.ts): a form bound to one could refuse every save of it or
 * drop fields through linkage, so binding is refused and a stored binding ignored. docs/security.md.
 */
export const SYSTEM_FORM_TABLES: ReadonlySet<string> = new Set(builtinTables.filter((t) => t.system).map((t) => t.flag));

/** The form schema of a formJson text: version 2, or version 1 upgraded; a 400 naming the problems otherwise. */
export function formOfJson(json: string): FormSchema {
  try {
    return migrateFormSchema(json);
  } catch (err) {
    if (err instanceof FormSchemaError) throw badRequest('formJsonInvalid', { problems: err.problems.slice(0, 5).join('; ') });
    throw badRequest('formJsonInvalid', { problems: err instanceof Error ? err.message : String(err) });
  }
}

/** Why a column cannot take a form's value: it is the key, the soft-delete mark, or filled by the server. */
function writable(table: RegisteredTable, name: string): boolean {
  const column = table.columns.get(name);
  if (!column) return false;
  return name !== table.primaryKey && name !== 'isdelete' && !column.serverFilled && !column.readOnly && (!column.secret || !!column.writeOnly);
}

/** Every value field of the form must be a column of the table that a save may fill, else a 400 naming the first that is not. */
export function assertFormFitsTable(schema: FormSchema, table: RegisteredTable): void {
  for (const field of formValueFields(schema)) {
    if (!writable(table, field.name)) throw badRequest('formFieldNotColumn', { field: field.name, table: table.flag });
  }
}

/**
 * The check of a form definition as saved (the row after the write): an empty formJson is a definition still
 * being designed; a formJson must parse; bound to a registry table, its fields must be that table's columns.
 * A tableName that is not (yet) a table is allowed: auto-create makes it from the form.
 */
export function checkFormDefinition(registry: TableRegistry, row: Record<string, unknown>): void {
  const json = typeof row.formJson === 'string' ? row.formJson.trim() : '';
  if (json === '') return;
  const tableName = typeof row.tableName === 'string' ? row.tableName.trim() : '';
  if (registry.has(tableName) && SYSTEM_FORM_TABLES.has(registry.get(tableName).flag)) throw badRequest('formSystemTable', { table: tableName });
  const schema = formOfJson(json);
  if (tableName !== '' && registry.has(tableName)) assertFormFitsTable(schema, registry.get(tableName));
}

/**
 * The form bound to a table: the newest live form definition naming it whose form parses and fits the table's
 * columns as they are now (a column dropped since makes that form unbound, the derived form is used again).
 */
export async function boundFormOf(db: AppDb, registry: TableRegistry, flag: string): Promise<FormSchema | undefined> {
  if (!registry.has(flag) || SYSTEM_FORM_TABLES.has(registry.get(flag).flag)) return undefined;
  const table = registry.get(flag);
  const rows = await db
    .selectFrom(LAY_TABLE)
    .select(['formJson'])
    .where('tableName', '=', flag)
    .where('isdelete', '=', 0)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  for (const row of rows) {
    if (typeof row.formJson !== 'string' || row.formJson.trim() === '') continue;
    try {
      const schema = formOfJson(row.formJson);
      assertFormFitsTable(schema, table);
      // an English label nobody typed reads as the column's English title, as the page shows it (issue 31 #2)
      return withColumnTitles(
        schema,
        [...table.columns.values()].map((c) => ({ name: c.name, title: c.title ?? { zh: c.name } })),
      );
    } catch {
      // a definition that no longer fits is skipped, not an error of the page
    }
  }
  return undefined;
}

/** Whether a field's value is a list (stored as JSON text unless the column is a list column): its kind's descriptor says. */
export function isListValued(field: FormValueField): boolean {
  return formValueKind(field).listValued(field);
}

/** Values as the form sees them: a list stored as JSON text is read back as the list. */
export function formValuesOf(schema: FormSchema, params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const field of formValueFields(schema)) {
    const v = ownValue(out, field.name);
    if (isListValued(field) && typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        out[field.name] = JSON.parse(v);
      } catch {
        // left as it is: the check names it
      }
    }
  }
  return out;
}

/** Values as the table stores them: lists as JSON text (a list column keeps its list), switches on number columns as numbers. */
export function storedValuesOf(schema: FormSchema, table: RegisteredTable, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const field of formValueFields(schema)) {
    if (!hasOwnKey(out, field.name)) continue;
    const column = table.columns.get(field.name);
    const v = out[field.name];
    if (!column) continue;
    if (Array.isArray(v) && !column.list && (column.type === 'nvarchar' || column.type === 'ntext')) out[field.name] = JSON.stringify(v);
    else if (typeof v === 'boolean' && (column.type === 'int' || column.type === 'float' || column.type === 'money')) out[field.name] = v ? 1 : 0;
  }
  return out;
}
