import { limitedTable } from '../access/fieldRules.ts';
import { allowedTable, type Caller } from '../access/index.ts';
import type { CrudService } from '../crud/service.ts';
import { toStoredValue } from '../crud/values.ts';
import type { AnyDb, SourceEngine } from '../db/connection.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { RegisteredTable } from '../schema/types.ts';
import type { RowProblem } from './questions.ts';
import { type ImportResult, ImportRejected, type ImportService, MAX_PROBLEMS } from './service.ts';
import { readSheet, type SheetRows } from './sheetReader.ts';
import {
  CellProblem,
  cellValue,
  generatedKey,
  headerOfColumn,
  type ImportColumn,
  importColumns,
  isImportable,
  type LabelIndex,
  type MappedHeader,
  mapHeader,
  matchable,
  naturalKey,
  problemOf,
  referenceValue,
  uniqueColumns,
} from './tableColumns.ts';
import { problemOfError, saveProblems, UniqueValues } from './tableRowChecks.ts';
import { insertRows } from './tableWriter.ts';
import { keysByValue, type Key, sameLookups } from './tableLookups.ts';
import { EventLoopTurns } from './turns.ts';
import { withCheckpointOffThread } from './walCheckpoint.ts';
import { rowScope } from '../crud/rowScope.ts';

export type DedupeMode = 'insert' | 'update';

export interface TableImportResult extends ImportResult {
  /** existing rows (same key or chosen column) updated, in mode update */
  updated: number;
  /** header texts of columns the import does not write (server-filled, read-only) */
  ignoredColumns: string[];
}

/** the problems of a row past the first MAX_PROBLEMS of a file: counted, not listed */
const NOT_LISTED: RowProblem[] = [];

/** One data row of the file: its sheet row number, its values by column name, its match value, its cells' problems. */
interface ParsedRow {
  row: number;
  params: Record<string, unknown>;
  match: string | number | null;
  /** none for a good row (100,000 rows: no list and set each) */
  problems: RowProblem[] | undefined;
  /** columns whose cells are problems (left out of params) */
  bad: Set<string> | undefined;
}

/** A column of the file the import reads, resolved once. */
interface FileColumn {
  index: number;
  header: string;
  column: ImportColumn['column'];
  matchOnly: boolean | undefined;
  isMatch: boolean;
  labels: LabelIndex | undefined;
}

/** The import of a spreadsheet into any importable table (docs/import.md "Import into any table"). */
export class TableImportService {
  constructor(
    private readonly crud: CrudService,
    private readonly files: ImportService,
  ) {}

  /** The table a call names, if the caller may import into it and the generic import serves it. */
  importableTable(flag: unknown, caller: Caller | undefined): RegisteredTable {
    const table = allowedTable(this.crud.registry, caller, flag, 'import');
    if (!isImportable(table)) throw badRequest('importTableNotImportable', { flag: table.flag });
    return table;
  }

  /** The column rows are matched on: the table's natural key (default), its key, or a chosen column the file may carry. */
  private matchColumn(table: RegisteredTable, name: unknown): ImportColumn {
    const wanted = name === undefined || name === null || name === '' ? naturalKey(table) : name;
    const found = importColumns(table).find((c) => c.column.name === wanted);
    if (!found || !matchable(found)) throw badRequest('badParam', { name: 'keyColumn', reason: 'a key or plain column of the table' });
    return found;
  }

  async importTable(body: Record<string, unknown>, caller: Caller | undefined): Promise<TableImportResult> {
    const table = this.importableTable(body._flag, caller);
    const mode: DedupeMode = body.mode === 'update' ? 'update' : 'insert';
    const match = this.matchColumn(table, body.keyColumn);
    const { key, ext } = await this.files.uploadedFile(body.fileUrl);
    const target = await this.crud.target(table);
    return this.files.queue.run(async () => {
      const turns = new EventLoopTurns();
      const needed = mode === 'update' ? [match] : importColumns(table).filter((c) => c.required);
      const { sheet, mapped, columns } = await this.readRows(key, ext, table, needed, match, turns, caller);
      const reject = (rows: number, problems: RowProblem[], rejected: number): never => {
        throw new ImportRejected({ rows, inserted: 0, skipped: 0, rejected, problems: problems.slice(0, MAX_PROBLEMS) });
      };
      // the file's match values first (one column), then each row is parsed and planned in one pass: no row is held
      // twice (100,000 rows: what a second list of them costs the garbage collector shows in the import's time)
      const matchColumn = columns.find((x) => x.isMatch);
      const matchValues = matchColumn ? await this.valuesOf(sheet, mapped, matchColumn, turns) : [];
      const existing = await this.existingKeys(target.db, target.engine, table, match, matchValues, caller);
      // the unique columns the file fills besides the match column: their values, and the live rows holding them
      const uniques = await Promise.all(
        uniqueColumns(table)
          .map((u) => columns.find((c) => c.column.name === u.column.name && !c.isMatch && !c.matchOnly))
          .filter((c) => c !== undefined)
          .map(async (c) => {
            const values = await this.valuesOf(sheet, mapped, c, turns);
            return {
              name: c.column.name,
              column: c.column,
              header: c.header.replace(/^\s*[*＊]\s*/, ''),
              values,
              live: await keysByValue(target.db, target.engine, table, c.column.name, values),
            };
          }),
      );
      const plan = await this.plan(table, sheet, mapped, columns, match, mode, existing, new UniqueValues(uniques), turns);
      if (plan.rows === 0) throw badRequest('importEmpty');
      const rows = plan.rows;
      if (plan.problems.size > 0) reject(rows, [...plan.problems.values()].flat(), plan.problems.size);

      const done = await withCheckpointOffThread(target.db, target.engine, target.local, () =>
        this.crud.writeTransaction(
          [table.table],
          async (trx) => {
            // a row added or removed since the look-up would be inserted twice or updated in vain: the file is refused
            const now = await this.existingKeys(trx, target.engine, table, match, matchValues, caller);
            if (!(await sameLookups(now, existing, turns))) throw badRequest('importChangedMeanwhile');
            for (const u of uniques) {
              const live = await keysByValue(trx, target.engine, table, u.name, u.values);
              if (!(await sameLookups(live, u.live, turns))) throw badRequest('importChangedMeanwhile');
            }
            for (const u of plan.updates) {
              if (turns.due()) await turns.turn();
              try {
                await this.crud.saveWith(trx, table, { ...u.params, id: u.key }, target.engine);
              } catch (err) {
                if (err instanceof ApiError && err.httpStatus === 400) reject(rows, [problemOfError(u.row, mapped, table, err)], 1);
                throw err;
              }
            }
            await insertRows(
              this.crud,
              trx,
              table,
              target.engine,
              plan.inserts.map((i) => i.values),
              generatedKey(table),
            );
            return { inserted: plan.inserts.length, updated: plan.updates.length };
          },
          target,
          { caller, operation: 'import' },
        ),
      );
      return { rows, ...done, skipped: plan.skipped, rejected: 0, problems: [], ignoredColumns: mapped.ignored };
    });
  }

  private async readRows(
    key: string,
    ext: string,
    table: RegisteredTable,
    needed: ImportColumn[],
    match: ImportColumn,
    turns: EventLoopTurns,
    caller: Caller | undefined,
  ) {
    const sheet = await this.files.withLocalFile(key, (file) => readSheet(file, ext, this.files.limits));
    const mapped = mapHeader(sheet, table, needed);
    const labels = await this.referenceLabels(sheet, mapped, turns, caller);
    // per column once, not per cell: 100,000 rows of a dozen columns
    const columns: FileColumn[] = [...mapped.columns].map(([index, { imported, header }]) => ({
      index,
      header,
      column: imported.column,
      matchOnly: imported.matchOnly,
      isMatch: imported.column.name === match.column.name,
      labels: imported.column.references && !imported.matchOnly ? labels.get(index)! : undefined,
    }));
    return { sheet, mapped, columns };
  }

  /**
   * Every label the file names in a reference column, with the keys of the live rows that carry it: of the rows the
   * caller sees (a grant's row filter on the referenced table), a row outside is no match (issue 33).
   */
  private async referenceLabels(sheet: SheetRows, mapped: MappedHeader, turns: EventLoopTurns, caller: Caller | undefined): Promise<Map<number, LabelIndex>> {
    const out = new Map<number, LabelIndex>();
    for (const [index, { imported }] of mapped.columns) {
      const column = imported.column;
      if (!column.references || imported.matchOnly) continue;
      const target = this.crud.registry.get(column.references);
      const labelColumn = this.crud.registry.column(target, column.labelColumn ?? 'name').name;
      const texts = new Set<string>();
      for (let r = mapped.headerRow + 1; r < sheet.rowCount; r++) {
        if (turns.due()) await turns.turn();
        const text = sheet.cell(r, index).trim();
        if (text !== '') texts.add(text);
      }
      const { readDb, engine } = await this.crud.target(target);
      // a label column the caller may not read names no row: its values are not the caller's to match on
      const readable = limitedTable(caller, target).columns.has(labelColumn);
      out.set(index, readable ? await keysByValue(readDb, engine, target, labelColumn, [...texts], rowScope(caller, target, this.crud.registry)) : new Map());
    }
    return out;
  }

  /** The values of a column the file gives (a cell that is not one is its row's problem, found by parseRow). */
  private async valuesOf(sheet: SheetRows, mapped: MappedHeader, c: FileColumn, turns: EventLoopTurns): Promise<(string | number)[]> {
    const values = new Set<string | number>();
    for (let r = mapped.headerRow + 1; r < sheet.rowCount; r++) {
      if (turns.due()) await turns.turn();
      const text = sheet.cell(r, c.index);
      if (text === '') continue;
      try {
        const value = toStoredValue(c.column, c.labels ? referenceValue(c.labels, text) : cellValue(c.column, text));
        if (value !== null) values.add(value);
      } catch (err) {
        if (!(err instanceof CellProblem) && !(err instanceof ApiError)) throw err;
      }
    }
    return [...values];
  }

  /**
   * One row of the file as values a save takes, with the problems of its cells (a cell that names no enumeration value
   * or row: every one, not the first); none when it has text only in columns the import does not read.
   */
  private parseRow(sheet: SheetRows, r: number, columns: FileColumn[]): ParsedRow | undefined {
    const row = sheet.rowNumbers[r]!;
    const params: Record<string, unknown> = {};
    let given = 0;
    let problems: RowProblem[] | undefined;
    let bad: Set<string> | undefined;
    let matchValue: string | number | null = null;
    for (const c of columns) {
      const text = sheet.cell(r, c.index);
      if (text === '') continue; // an empty cell is not given: the default on insert, unchanged on update
      try {
        const value = c.labels ? referenceValue(c.labels, text) : cellValue(c.column, text);
        if (c.isMatch) matchValue = toStoredValue(c.column, value);
        if (!c.matchOnly) {
          params[c.column.name] = value;
          given++;
        }
      } catch (err) {
        if (!(err instanceof CellProblem) && !(err instanceof ApiError)) throw err;
        (problems ??= []).push(problemOf(row, c.header, err.key, err.params));
        (bad ??= new Set()).add(c.column.name);
        given++;
      }
    }
    return given > 0 || matchValue !== null ? { row, params, match: matchValue, problems, bad } : undefined;
  }

  /** The live rows whose match column holds one of the file's values: value -> their keys. */
  private existingKeys(
    db: AnyDb,
    engine: SourceEngine,
    table: RegisteredTable,
    match: ImportColumn,
    values: (string | number)[],
    caller: Caller | undefined,
  ): Promise<Map<string, Key[]>> {
    // a role held to some rows matches only those: a row outside is neither skipped nor updated (no existence oracle)
    return keysByValue(db, engine, table, match.column.name, values, rowScope(caller, table, this.crud.registry));
  }

  /**
   * What each row becomes: an insert (no value to match, or one no row has), an update or a skip of the one row that
   * has it; a value twice in the file, a value several rows have, or a generated key no row has is a problem, as is a
   * unique column's value that a live row or an earlier row of the file has. Every row is checked by the save's own
   * rules (required, types, lengths, enumerations) before anything is written, and every problem of a row is listed.
   */
  private async plan(
    table: RegisteredTable,
    sheet: SheetRows,
    mapped: MappedHeader,
    columns: FileColumn[],
    match: ImportColumn,
    mode: DedupeMode,
    existing: Map<string, Key[]>,
    unique: UniqueValues,
    turns: EventLoopTurns,
  ) {
    const problems = new Map<number, RowProblem[]>();
    let rows = 0;
    const header = headerOfColumn(mapped, table, match.column.name) ?? match.column.name;
    // a row's problems in the file's column order
    const rank = new Map(columns.map((c) => [c.header.replace(/^\s*[*＊]\s*/, ''), c.index]));
    const byColumn = (a: RowProblem, b: RowProblem) => (rank.get(a.column) ?? Infinity) - (rank.get(b.column) ?? Infinity);
    let listed = 0;
    const seen = new Map<string, number>();
    const inserts: { row: number; values: Record<string, unknown> }[] = [];
    const updates: { row: number; key: Key; params: Record<string, unknown> }[] = [];
    let skipped = 0;
    for (let r = mapped.headerRow + 1; r < sheet.rowCount; r++) {
      if (turns.due()) await turns.turn();
      const p = this.parseRow(sheet, r, columns);
      if (p === undefined) continue;
      rows++;
      let mine = p.problems;
      const add = (key: Parameters<typeof problemOf>[2], params: Record<string, string | number> = {}) =>
        (mine ??= []).push(problemOf(p.row, header, key, params));
      let existingKey: Key | undefined;
      let known = true; // whether the row is known to be new or the one row it matches
      if (p.match !== null) {
        const value = String(p.match);
        const first = seen.get(value);
        if (first !== undefined) add('importDuplicateInFile', { value: value.slice(0, 40), first });
        else seen.set(value, p.row);
        const keys = existing.get(value) ?? [];
        existingKey = keys[0];
        if (keys.length > 1) {
          add('importMatchAmbiguous', { value: value.slice(0, 40), count: keys.length });
          known = false;
        } else if (existingKey === undefined && match.matchOnly) {
          add('importKeyNotFound', { value: value.slice(0, 40) });
          known = false;
        }
      }
      const action = existingKey === undefined && known ? 'insert' : mode === 'insert' ? 'skip' : 'update';
      let values: Record<string, unknown> | undefined;
      let params = p.params;
      if (action !== 'skip') {
        if (action === 'update' && match.column.name === table.primaryKey) {
          params = { ...params };
          delete params[table.primaryKey];
        }
        try {
          values = this.crud.toColumnValues(table, params, action);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const at = (e: ApiError) => problemOfError(p.row, mapped, table, e);
          (mine ??= []).push(...saveProblems(this.crud.registry, table, params, action, err, at, p.bad ?? new Set()));
        }
        const clashes = unique.check(p.row, params, existingKey);
        if (clashes.length > 0) (mine ??= []).push(...clashes);
      }
      // the answer lists the first MAX_PROBLEMS problems: past them a row is only counted (a file of 200,000 bad rows
      // of several bad cells each holds no million problems)
      if (mine) problems.set(p.row, listed < MAX_PROBLEMS ? mine.sort(byColumn) : NOT_LISTED);
      if (mine && listed < MAX_PROBLEMS) listed += mine.length;
      else if (action === 'insert') inserts.push({ row: p.row, values: values! });
      else if (action === 'update') updates.push({ row: p.row, key: existingKey!, params });
      else skipped++;
    }
    return { rows, inserts, updates, skipped, problems };
  }
}
