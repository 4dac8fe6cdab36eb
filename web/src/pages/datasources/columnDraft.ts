/** SPEC.md §3: the logical column types; §9: a new column is 50 long. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export const DEFAULT_COLUMN_LENGTH = 50;
/** the types whose enumeration holds numbers; text types hold text; the others take none (server/src/tables/fieldOptions.ts) */
export const NUMERIC_TYPES: readonly string[] = ['int', 'float', 'money'];
export const ENUM_TYPES: readonly string[] = [...NUMERIC_TYPES, 'nvarchar', 'ntext'];

/**
 * One value of a column's enumeration as sys_tableFields.options stores it (docs/decisions.md): the value and its
 * labels in both languages; a colour or anything else stored beside them is kept as it was.
 */
export interface EnumOption {
  value: string | number;
  zh: string;
  en: string;
  [more: string]: unknown;
}

/** One row of the grid: a saved column has its id; `key` names the row in the grid only. */
export interface ColumnDraft {
  key: string;
  id?: number;
  columnName: string;
  type: string;
  length: number | null;
  defaults: string;
  primaryKey: 0 | 1;
  nonEmpty: 0 | 1;
  autoIncrement: 0 | 1;
  intro: string;
  /** the column's English title (issue 31 #3); empty: the page shows the Chinese one */
  titleEn: string;
  /** the enumeration; empty: none */
  options: EnumOption[];
  /** the enumeration as stored, and as the grid would write it: sent back as stored while unchanged (no change logged) */
  optionsStored?: { raw: string; written: string | null };
  /** the referenced table's flag and the column its rows are shown by; empty: no reference */
  refTable: string;
  refLabel: string;
  isdelete: 0 | 1;
}

let serial = 0;
export function newColumn(): ColumnDraft {
  serial += 1;
  return {
    key: `new-${serial}`,
    columnName: '',
    type: 'nvarchar',
    length: DEFAULT_COLUMN_LENGTH,
    defaults: '',
    primaryKey: 0,
    nonEmpty: 0,
    autoIncrement: 0,
    intro: '',
    titleEn: '',
    options: [],
    refTable: '',
    refLabel: '',
    isdelete: 0,
  };
}

/** The stored enumeration as the grid edits it; what it cannot read is left out (the server refuses such a list). */
export function parseOptions(raw: unknown): EnumOption[] {
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((o: unknown) => {
    if (typeof o !== 'object' || o === null) return [];
    const { value, zh, en, ...more } = o as Record<string, unknown>;
    if (typeof value !== 'number' && typeof value !== 'string') return [];
    return [{ ...more, value, zh: typeof zh === 'string' ? zh : '', en: typeof en === 'string' ? en : '' }];
  });
}

/** The enumeration as sys_tableFields.options stores it, its values of the column's type; null for none. */
export function optionsToSave(c: Pick<ColumnDraft, 'options' | 'type'>): string | null {
  if (c.options.length === 0) return null;
  const numeric = NUMERIC_TYPES.includes(c.type);
  return JSON.stringify(
    c.options.map(({ value, zh, en, ...more }) => {
      const text = String(value).trim();
      const number = Number(text);
      return {
        value: numeric && text !== '' && Number.isFinite(number) ? number : text,
        zh: zh.trim(),
        ...(en.trim() ? { en: en.trim() } : {}),
        ...more,
      };
    }),
  );
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A stored enumeration the grid reads whole and would keep (every value kept, none the rules refuse): sent back as
 * stored while the list is unchanged, so a save that changes nothing else writes (and logs) nothing for it. A list
 * the grid cannot read whole is written anew, so that it can be corrected or cleared.
 */
function storedOptions(row: Record<string, unknown>): Pick<ColumnDraft, 'optionsStored'> {
  const raw = row.options;
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  const type = String(row.type ?? 'nvarchar');
  const options = parseOptions(raw);
  let count = -1;
  try {
    const list: unknown = JSON.parse(raw);
    if (Array.isArray(list)) count = list.length;
  } catch {
    return {};
  }
  const length = row.length === null || row.length === undefined ? DEFAULT_COLUMN_LENGTH : Number(row.length);
  if (options.length === 0 || count !== options.length || enumProblem(options, type, length)) return {};
  return { optionsStored: { raw, written: optionsToSave({ options, type }) } };
}

/** A saved column as the grid edits it. */
export function columnFromRow(row: Record<string, unknown>): ColumnDraft {
  const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);
  return {
    key: `saved-${String(row.id)}`,
    id: Number(row.id),
    columnName: text(row.columnName),
    type: String(row.type ?? 'nvarchar'),
    length: row.length === null || row.length === undefined ? DEFAULT_COLUMN_LENGTH : Number(row.length),
    defaults: text(row.defaults),
    primaryKey: flag(row.primaryKey),
    nonEmpty: flag(row.nonEmpty),
    autoIncrement: flag(row.autoIncrement),
    intro: text(row.intro),
    titleEn: text(row.titleEn),
    options: parseOptions(row.options),
    ...storedOptions(row),
    refTable: text(row.refTable),
    refLabel: text(row.refLabel),
    isdelete: 0,
  };
}

/**
 * SPEC.md §4: deleting a saved column marks it isdelete 1 (it stays in the saved set, hidden); a new one is dropped.
 */
export function removeColumn(columns: ColumnDraft[], key: string): ColumnDraft[] {
  return columns.flatMap((c) => (c.key !== key ? [c] : c.id !== undefined ? [{ ...c, isdelete: 1 as const }] : []));
}

/** The grid's rows as the master-slave call's children: removed new rows are already gone, removed saved ones say isdelete 1. */
export function columnsToSave(columns: ColumnDraft[]): Record<string, unknown>[] {
  return columns.map(({ key: _key, id, options: list, optionsStored: stored, ...c }) => {
    const options = optionsToSave({ options: list, type: c.type });
    return {
      ...(id !== undefined ? { id } : {}),
      ...c,
      columnName: c.columnName.trim(),
      length: c.length ?? null,
      titleEn: c.titleEn.trim(),
      options: stored && options === stored.written ? stored.raw : options,
      refTable: c.refTable || null,
      refLabel: c.refTable ? c.refLabel || null : null,
    };
  });
}

/** Why an enumeration cannot be kept for a column of this type (the server's rules, tables/fieldOptions.ts): an i18n key and its values. */
export function enumProblem(options: EnumOption[], type: string, length: number | null): { key: string; values: Record<string, unknown> } | undefined {
  const seen = new Set<string>();
  for (const [i, o] of options.entries()) {
    const n = i + 1;
    const value = String(o.value).trim();
    if (value === '') return { key: 'datasources.grid.enumValueRequired', values: { n } };
    if (!o.zh.trim()) return { key: 'datasources.grid.enumZhRequired', values: { n } };
    if (NUMERIC_TYPES.includes(type)) {
      const number = Number(value);
      if (!Number.isFinite(number)) return { key: 'datasources.grid.enumNumber', values: { n } };
      if (type === 'int' && !Number.isInteger(number)) return { key: 'datasources.grid.enumInteger', values: { n } };
    } else if (type === 'nvarchar' && [...value].length > (length ?? DEFAULT_COLUMN_LENGTH)) {
      return { key: 'datasources.grid.enumTooLong', values: { n, length: length ?? DEFAULT_COLUMN_LENGTH } };
    }
    const key = NUMERIC_TYPES.includes(type) ? String(Number(value)) : value;
    if (seen.has(key)) return { key: 'datasources.grid.enumDuplicate', values: { value } };
    seen.add(key);
  }
  return undefined;
}

/**
 * The column a definition adds to record each row's creator (docs/datasources.md "Record the creator"): an int column
 * of this name the server fills with the account that inserts the row (server/src/schema/runtime.ts).
 */
export const CREATOR_COLUMN = 'createdBy';

const isCreator = (c: ColumnDraft) => c.columnName.trim() === CREATOR_COLUMN && c.type === 'int';

/** Whether the definition records its rows' creator: a live int column createdBy. */
export function recordsCreator(columns: ColumnDraft[]): boolean {
  return columns.some((c) => c.isdelete !== 1 && isCreator(c));
}

/**
 * The grid with the creator column added (a saved one removed earlier comes back, with its id) or removed (a saved one
 * marked isdelete 1, a new one dropped).
 */
export function withCreator(columns: ColumnDraft[], on: boolean): ColumnDraft[] {
  if (!on) return columns.reduce((list, c) => (c.isdelete !== 1 && isCreator(c) ? removeColumn(list, c.key) : list), columns);
  if (recordsCreator(columns)) return columns;
  // a column already named createdBy (of another type, or a saved one removed earlier) becomes the creator column
  const named = columns.filter((c) => c.columnName.trim() === CREATOR_COLUMN);
  const existing = named.find((c) => c.isdelete !== 1) ?? named.find((c) => c.id !== undefined);
  if (existing)
    return columns.map((c) =>
      c === existing
        ? { ...c, type: 'int', length: null, primaryKey: 0 as const, autoIncrement: 0 as const, options: [], refTable: '', refLabel: '', isdelete: 0 as const }
        : c,
    );
  return [...columns, { ...newColumn(), columnName: CREATOR_COLUMN, type: 'int', length: null, intro: '创建人', titleEn: 'Created by' }];
}
