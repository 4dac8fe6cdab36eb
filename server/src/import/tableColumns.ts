import { ownValue } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';
import type { MessageKey } from '../http/messages.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import type { RowProblem } from './questions.ts';
import type { SheetRows } from './sheetReader.ts';

/**
 * The generic import of a table's rows (docs/import.md "Import into any table"): which tables take it, which of their
 * columns a file may fill, how a header names a column and how a cell's text becomes the value a save takes.
 */

/**
 * Built-in tables the generic import serves besides every operator table: the members (a list an operator may well
 * have in a spreadsheet). Bill flows are not: each one moves a member's balance, they are money records the system
 * writes. Questions and categories have their own import (subject, category, stems); system tables have none.
 */
export const IMPORTABLE_BUILTINS: ReadonlySet<string> = new Set(['sys_member']);

/** Whether the generic import serves a table (its page offers 导入 to a role holding the grant). */
export function isImportable(table: RegisteredTable): boolean {
  if (table.readOnly || table.writtenBy) return false;
  return Boolean(table.dynamic) || IMPORTABLE_BUILTINS.has(table.flag);
}

/** Whether the database numbers the table's key (a built-in id, an auto-increment column): a file cannot choose it. */
export function generatedKey(table: RegisteredTable): boolean {
  const key = table.columns.get(table.primaryKey);
  return !table.dynamic ? table.primaryKey === 'id' : Boolean(key?.readOnly);
}

/** A column a file may carry: its values are written through the normal save (or, the generated key, name a row). */
export interface ImportColumn {
  column: RegisteredColumn;
  /** the generated key: it names a row to skip or update, never a value to write */
  matchOnly: boolean;
  /** a value must be given on insert (required, no default) */
  required: boolean;
}

/** The columns of the file, in the table's order: never a secret, server-filled or read-only one (but the generated key). */
export function importColumns(table: RegisteredTable): ImportColumn[] {
  const generated = generatedKey(table);
  const out: ImportColumn[] = [];
  for (const column of table.columns.values()) {
    if (column.name === 'isdelete' || column.secret) continue;
    const isKey = column.name === table.primaryKey;
    if (isKey && generated) {
      out.push({ column, matchOnly: true, required: false });
      continue;
    }
    if (column.serverFilled || column.readOnly) continue;
    out.push({ column, matchOnly: false, required: Boolean(column.required) && column.defaultValue === undefined });
  }
  return out;
}

/** Columns a dedupe may match on: the key and plain values (no lists, long texts or images). */
export function matchable(c: ImportColumn): boolean {
  return !c.column.list && c.column.type !== 'ntext' && c.column.type !== 'image';
}

/**
 * The natural key of a built-in table the import takes, a column it treats as unique although the database has no
 * unique index on it (a member is its phone; docs/decisions.md "Natural key of a table (import)").
 */
export const NATURAL_KEYS: Readonly<Record<string, string>> = { sys_member: 'phone' };

/**
 * The columns of a table an import treats as unique, other than a key the database numbers: a key a file gives (its
 * primary key: 编号 of a table made with one), the natural key of a built-in table. A file never writes a second live
 * row with one of their values: a row repeating one is a problem of the row, whichever column the rows are matched on.
 */
export function uniqueColumns(table: RegisteredTable): ImportColumn[] {
  const natural = ownValue(NATURAL_KEYS, table.flag);
  return importColumns(table).filter((c) => !c.matchOnly && matchable(c) && (c.column.name === table.primaryKey || c.column.name === natural));
}

/** The column an import matches rows on when the call names none: the table's first unique column, else its key. */
export function naturalKey(table: RegisteredTable): string {
  return uniqueColumns(table)[0]?.column.name ?? table.primaryKey;
}

export const normalizeHeader = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s*＊:：]/g, '')
    .toLowerCase();

/** The header text of the template: both titles (one when they agree), a leading * on a column that must be filled. */
export function headerText(c: ImportColumn): string {
  const title = c.column.title ?? { zh: c.column.name, en: c.column.name };
  const both = title.en && title.en !== title.zh ? `${title.zh} / ${title.en}` : title.zh;
  return c.required ? `*${both}` : both;
}

/** Every text a header may name a column by: the name, either title, both titles as the template writes them. */
function namesOf(c: ImportColumn): string[] {
  const title = c.column.title ?? { zh: c.column.name, en: c.column.name };
  return [c.column.name, title.zh, title.en, headerText(c), `${title.zh}/${title.en}`].filter((n) => n);
}

export interface MappedHeader {
  /** 0-based index among the sheet's non-empty rows */
  headerRow: number;
  /** sheet column index -> the column and the header text the file gives it */
  columns: Map<number, { imported: ImportColumn; header: string }>;
  /** headers naming a column the import does not write (server-filled, read-only): their cells are ignored */
  ignored: string[];
}

const HEADER_SEARCH_ROWS = 10;

/**
 * The header row: the first of the first ten non-empty rows that names a column of the table and, to insert, every
 * column that must be given (to update, the matched column). A header naming a secret column refuses the file; one
 * naming a server-filled or read-only column is ignored (an export of the table imports again); others are unknown.
 */
export function mapHeader(sheet: SheetRows, table: RegisteredTable, needed: ImportColumn[]): MappedHeader {
  const columns = importColumns(table);
  const byName = new Map<string, ImportColumn>();
  for (const c of columns) for (const n of namesOf(c)) byName.set(normalizeHeader(n), c);
  const other = new Map<string, RegisteredColumn>();
  for (const column of table.columns.values()) {
    if (columns.some((c) => c.column === column) || column.name === 'isdelete') continue;
    const title = column.title ?? { zh: column.name, en: column.name };
    for (const n of [column.name, title.zh, title.en, `${title.zh}/${title.en}`]) other.set(normalizeHeader(n), column);
  }
  for (let h = 0; h < Math.min(HEADER_SEARCH_ROWS, sheet.rowCount); h++) {
    const found = new Map<number, { imported: ImportColumn; header: string }>();
    const ignored: string[] = [];
    let duplicate: string | undefined;
    let secret: string | undefined;
    for (const [index, text] of sheet.row(h).entries()) {
      const key = normalizeHeader(text);
      if (key === '') continue;
      const imported = byName.get(key);
      if (imported) {
        if ([...found.values()].some((f) => f.imported.column.name === imported.column.name)) duplicate ??= text;
        else found.set(index, { imported, header: text });
        continue;
      }
      const notWritten = other.get(key);
      if (notWritten?.secret) secret ??= text;
      else if (notWritten) ignored.push(text);
    }
    const named = new Set([...found.values()].map((f) => f.imported.column.name));
    if (named.size === 0 || !needed.every((c) => named.has(c.column.name))) continue;
    if (secret) throw badRequest('importColumnNotWritable', { column: secret.slice(0, 60) });
    if (duplicate) throw badRequest('importDuplicateColumn', { column: duplicate.slice(0, 60) });
    return { headerRow: h, columns: found, ignored };
  }
  throw badRequest('importNoHeader', { columns: (needed.length ? needed : columns).map((c) => headerText(c).replace(/^\*/, '')).join('、') });
}

/** A cell's problem: thrown by the conversions below, turned into a RowProblem of the row. */
export class CellProblem extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const TRUE_WORDS = new Set(['是', '对', '真', 'true', 'yes', 'y', '√']);
const FALSE_WORDS = new Set(['否', '错', '假', 'false', 'no', 'n', '×']);
const LIST_SEPARATORS = /[,，、;；]/;

/** An enumeration cell: a label in either language, or the stored value; each item of a list column. */
export function enumValue(column: RegisteredColumn, text: string): string | number {
  const one = (item: string) => {
    const lower = item.trim().toLowerCase();
    const hit = column.enum!.find((e) => e.label.zh === item.trim() || e.label.en.toLowerCase() === lower || String(e.value) === item.trim());
    if (!hit)
      throw new CellProblem('importEnumUnknown', {
        value: item.slice(0, 40),
        allowed: column.enum!.map((e) => e.label.zh).join('、'),
        allowedEn: column.enum!.map((e) => e.label.en).join(', '),
      });
    return hit.value;
  };
  if (!column.list) return one(text);
  return text
    .split(LIST_SEPARATORS)
    .filter((s) => s.trim() !== '')
    .map(one)
    .join(',');
}

const DATE = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const pad = (n: string | undefined) => (n ?? '0').padStart(2, '0');

/** A date cell as a person or Excel writes it (2026-11-26, 2026/11/26 8:30, 2026年11月26日, 11/26/26) as the save's text. */
export function dateText(text: string): string {
  const t = text.trim();
  let m = DATE.exec(t);
  if (m) return `${m[1]}-${pad(m[2])}-${pad(m[3])} ${pad(m[4])}:${pad(m[5])}:${pad(m[6])}`;
  m = US_DATE.exec(t);
  if (m) {
    const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
    return `${year}-${pad(m[1])}-${pad(m[2])} ${pad(m[4])}:${pad(m[5])}:${pad(m[6])}`;
  }
  // anything else is left to the save's own check (which names the expected format)
  return t;
}

/** A number cell: Excel's display may carry thousands separators or a currency sign. */
const numberText = (text: string) =>
  text
    .trim()
    .replace(/^[¥￥$]/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');

/** The value a cell gives a column before the save's own checks (types, lengths, enumerations): references are resolved apart. */
export function cellValue(column: RegisteredColumn, text: string): string | number {
  if (column.enum?.length) return enumValue(column, text);
  switch (column.type) {
    case 'int': {
      const lower = text.trim().toLowerCase();
      if (TRUE_WORDS.has(lower)) return 1;
      if (FALSE_WORDS.has(lower)) return 0;
      return numberText(text);
    }
    case 'float':
    case 'money':
      return numberText(text);
    case 'datetime':
      return dateText(text);
    default:
      return text;
  }
}

/** The label -> keys of a referenced table, for the labels a file names (several keys: an ambiguous label). */
export type LabelIndex = Map<string, (string | number)[]>;

/** A reference cell by its label: exactly one live row of the referenced table must carry it. */
export function referenceValue(labels: LabelIndex, text: string): string | number {
  const keys = labels.get(text.trim()) ?? [];
  if (keys.length === 0) throw new CellProblem('importReferenceMissing', { value: text.slice(0, 40) });
  if (keys.length > 1) throw new CellProblem('importReferenceAmbiguous', { value: text.slice(0, 40), count: keys.length });
  return keys[0]!;
}

/** A problem of a row, naming the column by the file's header text. */
export function problemOf(row: number, header: string, key: MessageKey, params: Record<string, string | number> = {}): RowProblem {
  const column = header.replace(/^\s*[*＊]\s*/, '');
  return { row, column, key, params: { ...params, column } };
}

/** The column a problem from the save's checks (badValue, required, tooLong, notInEnum…) names, by its header text. */
export function headerOfColumn(mapped: MappedHeader, table: RegisteredTable, name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const real = (table.aliases && ownValue(table.aliases, name)) ?? name;
  for (const { imported, header } of mapped.columns.values()) if (imported.column.name === real) return header.replace(/^\s*[*＊]\s*/, '');
  const column = table.columns.get(real);
  return column ? headerText({ column, matchOnly: false, required: false }).replace(/^\*/, '') : undefined;
}
