import type { Caller } from '../access/index.ts';
import { allowedTable } from '../access/index.ts';
import { badRequest } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { csvPieces } from './csvStream.ts';
import { type SheetCell, xlsxPieces } from './xlsxStream.ts';

/** A list query as the export reads it (crud/reads.ts's `SelectQuery`: `_flag`, `wheres`, `sort`, …, all unchecked). */
export interface ExportQuery {
  _flag?: unknown;
  page?: unknown;
  row?: unknown;
  [name: string]: unknown;
}

/**
 * What an export reads through: the generic service (`CrudService`, crud/service.ts), so that a list's access rules,
 * row scope and field rules apply to its rows. Declared here rather than imported: crud's routes register the export
 * call, so exports/ sits under crud/. `Plan` is the service's own plan of a list (its `SelectPlan`), only handed back.
 */
export interface ExportReads<Plan extends object> {
  registry: TableRegistry;
  planSelect(query: ExportQuery, caller: Caller | undefined): Plan;
  countRows(plan: Plan): Promise<number>;
  selectChunks(plan: Plan): AsyncIterable<Record<string, unknown>[]>;
  select(query: ExportQuery, caller: Caller | undefined): Promise<{ rows: Record<string, unknown>[] }>;
}

export const MAX_EXPORT_ROWS = 100_000;

interface ExportColumn {
  name: string;
  title: string;
  /** value -> label, for enumerations (gender 1 -> 男) */
  labels?: Record<string, string>;
  /** a reference: the values are ids of rows of `flag`, exported as their `labelField` (default name) */
  ref?: { flag: string; labelField?: string };
  /** the account that added the row (createdBy): exported as its name, as the list shows it */
  creator?: boolean;
}

/** How many referenced ids one lookup asks for (`wheres {"id": [...]}`). */
const REF_BATCH = 500;

/**
 * The columns of an export: as the page sends them (`[{name, title?, labels?, ref?}]`), or, when none
 * are sent, the table's list columns. Titles, enumeration labels and references a column does not
 * bring are taken from the registry, in the caller's language.
 */
function parseColumns(raw: unknown, table: RegisteredTable, registry: TableRegistry, lang: 'zh' | 'en'): ExportColumn[] {
  let list: unknown = raw;
  if (raw === undefined || raw === '') {
    list = [...table.columns.values()]
      .filter((c) => !c.secret && c.name !== 'isdelete' && c.ui?.list !== false && c.name !== 'id')
      .map((c) => ({ name: c.name }));
  } else if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw badRequest('badParam', { name: 'columns', reason: 'JSON expected' });
    }
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw badRequest('badParam', { name: 'columns', reason: 'a list of 1 to 100 columns' });
  return list.map((c) => {
    const ok =
      typeof c === 'object' &&
      c !== null &&
      typeof c.name === 'string' &&
      (c.title === undefined || typeof c.title === 'string') &&
      (c.labels === undefined || (typeof c.labels === 'object' && c.labels !== null && Object.values(c.labels).every((v) => typeof v === 'string'))) &&
      (c.ref === undefined ||
        (typeof c.ref === 'object' &&
          c.ref !== null &&
          typeof c.ref.flag === 'string' &&
          (c.ref.labelField === undefined || typeof c.ref.labelField === 'string')));
    if (!ok) throw badRequest('badParam', { name: 'columns', reason: '{name, title, labels?, ref?: {flag, labelField?}} expected' });
    const column = registry.column(table, c.name);
    const title = typeof c.title === 'string' ? c.title : (column.title?.[lang] ?? column.name);
    const labels = c.labels ?? (column.enum ? Object.fromEntries(column.enum.map((e) => [String(e.value), e.label[lang]])) : undefined);
    const ref = c.ref ?? (column.references && !c.labels ? { flag: column.references, labelField: column.labelColumn ?? 'name' } : undefined);
    return { name: column.name, title: title.slice(0, 100), labels, ref, ...(column.creator ? { creator: true } : {}) };
  });
}

const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * Adds to `labels` the names of the rows a reference column points at in `rows`, for the ids not looked up
 * yet (`asked`); read in batches through crud.select, so the same access rules apply.
 */
async function addReferenceLabels<Plan extends object>(
  crud: ExportReads<Plan>,
  column: ExportColumn,
  rows: Record<string, unknown>[],
  labels: Map<string, string>,
  asked: Set<number>,
  caller: Caller | undefined,
) {
  const ref = column.ref!;
  const labelField = ref.labelField ?? 'name';
  const ids = [...new Set(rows.flatMap((r) => idsIn(r[column.name])))].filter((id) => !asked.has(id));
  for (const id of ids) asked.add(id);
  for (let i = 0; i < ids.length; i += REF_BATCH) {
    const batch = ids.slice(i, i + REF_BATCH);
    const key = crud.registry.get(ref.flag).primaryKey;
    const found = await crud.select({ _flag: ref.flag, wheres: { [key]: batch }, page: 1, row: batch.length }, caller);
    for (const r of found.rows) labels.set(String(r[key]), r[labelField] === null || r[labelField] === undefined ? String(r[key]) : String(r[labelField]));
  }
}

function cell(value: unknown, labels: Map<string, string>): SheetCell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => labels.get(String(v)) ?? String(v)).join(', ');
  const label = labels.get(String(value));
  if (label !== undefined) return label;
  if (typeof value === 'number') return value;
  // a json value or an array a driver gave as an object is exported as its JSON text, never as [object Object]
  if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return String(value);
}

/** The export's rows as cells, chunk by chunk, with enumeration and reference labels in place of values. */
async function* exportCells<Plan extends object>(
  crud: ExportReads<Plan>,
  plan: Plan,
  columns: ExportColumn[],
  caller: Caller | undefined,
): AsyncGenerator<SheetCell[][]> {
  const labels = columns.map((c) => new Map(Object.entries(c.labels ?? {})));
  const asked = columns.map(() => new Set<number>());
  for await (const rows of crud.selectChunks(plan)) {
    for (let i = 0; i < columns.length; i++) if (columns[i]!.ref) await addReferenceLabels(crud, columns[i]!, rows, labels[i]!, asked[i]!, caller);
    yield rows.map((r) => columns.map((c, i) => cell(c.creator ? (r[`${c.name}Name`] ?? r[c.name]) : r[c.name], labels[i]!)));
  }
}

export type ExportFormat = 'xlsx' | 'csv';

const FORMATS: Record<ExportFormat, { contentType: string }> = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { contentType: 'text/csv; charset=utf-8' },
};

function parseFormat(raw: unknown): ExportFormat {
  if (raw === undefined || raw === '') return 'xlsx';
  if (raw === 'xlsx' || raw === 'csv') return raw;
  throw badRequest('badParam', { name: 'format', reason: 'xlsx or csv' });
}

export interface TableExport {
  format: ExportFormat;
  contentType: string;
  /** the file's bytes, produced while the client reads them */
  pieces: AsyncGenerator<Uint8Array>;
}

/**
 * The rows of a list query (all pages, at most 100,000) as an .xlsx workbook (default) or a CSV file with
 * the page's column titles. Everything that can be refused is checked before the first byte; the file is
 * then written as the rows are read, chunk by chunk.
 */
export async function exportTable<Plan extends object>(
  crud: ExportReads<Plan>,
  query: ExportQuery & { columns?: unknown; format?: unknown },
  caller: Caller | undefined,
  lang: 'zh' | 'en' = 'zh',
): Promise<TableExport> {
  const format = parseFormat(query.format);
  // access before names: a table or column the caller may not see is 403 whether it exists or not
  const table = allowedTable(crud.registry, caller, query._flag, 'export');
  const columns = parseColumns(query.columns, table, crud.registry, lang);
  for (const c of columns) if (c.ref) crud.registry.column(allowedTable(crud.registry, caller, c.ref.flag, 'view'), c.ref.labelField ?? 'name');
  // a file is nobody's edit: its rows go without versions
  const plan = { ...crud.planSelect({ ...query, page: 1, row: MAX_EXPORT_ROWS }, caller), versions: false };
  // the referenced tables are read while the file is written, when a refusal could no longer be answered
  for (const c of columns) if (c.ref) crud.planSelect({ _flag: c.ref.flag }, caller);
  const total = await crud.countRows(plan);
  if (total > MAX_EXPORT_ROWS) throw badRequest('badParam', { name: 'wheres', reason: `at most ${MAX_EXPORT_ROWS} rows can be exported, narrow the search` });
  const cells = exportCells(crud, plan, columns, caller);
  const pieces =
    format === 'csv'
      ? csvPieces(
          columns.map((c) => c.title),
          cells,
        )
      : xlsxPieces(
          table.flag.slice(0, 31),
          columns.map((c) => ({ title: c.title, width: Math.min(40, Math.max(8, c.title.length * 2 + 2)) })),
          cells,
        );
  return { format, contentType: FORMATS[format].contentType, pieces };
}
