import * as XLSX from '@e965/xlsx';
import type { Caller } from '../access/index.ts';
import { assertAllowed } from '../access/index.ts';
import { badRequest } from '../http/errors.ts';
import type { CrudService, SelectQuery } from './service.ts';

export const MAX_EXPORT_ROWS = 100_000;

interface ExportColumn {
  name: string;
  title: string;
  /** value -> label, for enumerations (gender 1 -> 男) */
  labels?: Record<string, string>;
  /** a reference: the values are ids of rows of `flag`, exported as their `labelField` (default name) */
  ref?: { flag: string; labelField?: string };
}

/** How many referenced ids one lookup asks for (`wheres {"id": [...]}`). */
const REF_BATCH = 500;

function parseColumns(raw: unknown): ExportColumn[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw badRequest('badParam', { name: 'columns', reason: 'JSON expected' });
    }
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw badRequest('badParam', { name: 'columns', reason: 'a list of 1 to 100 columns' });
  return list.map((c) => {
    const ok =
      typeof c === 'object' && c !== null && typeof c.name === 'string' && typeof c.title === 'string' &&
      (c.labels === undefined || (typeof c.labels === 'object' && c.labels !== null && Object.values(c.labels).every((v) => typeof v === 'string'))) &&
      (c.ref === undefined || (typeof c.ref === 'object' && c.ref !== null && typeof c.ref.flag === 'string' && (c.ref.labelField === undefined || typeof c.ref.labelField === 'string')));
    if (!ok) throw badRequest('badParam', { name: 'columns', reason: '{name, title, labels?, ref?: {flag, labelField?}} expected' });
    return { name: c.name, title: c.title.slice(0, 100), labels: c.labels, ref: c.ref };
  });
}

const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** id -> label of the rows a reference column points at, read in batches through the same access rules. */
async function referenceLabels(crud: CrudService, column: ExportColumn, rows: Record<string, unknown>[], caller: Caller | undefined) {
  const ref = column.ref!;
  const labelField = ref.labelField ?? 'name';
  const ids = [...new Set(rows.flatMap((r) => idsIn(r[column.name])))];
  const labels: Record<string, string> = { ...column.labels };
  for (let i = 0; i < ids.length; i += REF_BATCH) {
    const batch = ids.slice(i, i + REF_BATCH);
    const found = await crud.select({ _flag: ref.flag, wheres: { id: batch }, page: 1, row: batch.length }, caller);
    for (const r of found.rows) labels[String(r.id)] = r[labelField] === null || r[labelField] === undefined ? String(r.id) : String(r[labelField]);
  }
  return labels;
}

function cell(value: unknown, labels?: Record<string, string>): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => labels?.[String(v)] ?? String(v)).join(', ');
  if (labels && String(value) in labels) return labels[String(value)]!;
  return typeof value === 'number' ? value : String(value);
}

/** The rows of a list query (all pages, at most 100,000) as an .xlsx workbook with the page's column titles. */
export async function exportTable(crud: CrudService, query: SelectQuery & { columns?: unknown }, caller: Caller | undefined): Promise<Buffer> {
  const table = crud.registry.get(query._flag);
  const columns = parseColumns(query.columns);
  for (const c of columns) {
    crud.registry.column(table, c.name);
    if (c.ref) crud.registry.column(crud.registry.get(c.ref.flag), c.ref.labelField ?? 'name');
  }
  assertAllowed(caller, table.flag, 'export');
  const { rows, total } = await crud.select({ ...query, page: 1, row: MAX_EXPORT_ROWS }, caller);
  if (total > MAX_EXPORT_ROWS) throw badRequest('badParam', { name: 'wheres', reason: `at most ${MAX_EXPORT_ROWS} rows can be exported, narrow the search` });
  for (const c of columns) if (c.ref) c.labels = await referenceLabels(crud, c, rows, caller);
  const aoa = [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => cell(r[c.name], c.labels)))];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  sheet['!cols'] = columns.map((c) => ({ wch: Math.min(40, Math.max(8, c.title.length * 2 + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, table.flag.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
