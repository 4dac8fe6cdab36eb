import { CompiledQuery } from 'kysely';
import { assertAllowed, type Caller } from '../access/index.ts';
import { rowScope, scopeExpression } from '../crud/rowScope.ts';
import type { Condition } from '../crud/wheres.ts';
import type { CrudService } from '../crud/service.ts';
import { nowText } from '../db/time.ts';
import type { AnyDb } from '../db/connection.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { MessageKey } from '../http/messages.ts';
import { extensionOf } from '../uploads/storage.ts';
import { type UploadStore, keyOfPublicPath } from '../uploads/store.ts';
import { type ExistingCategory, orderCategories, validateCategory } from './categories.ts';
import { type QuestionData, type RowProblem, questionRow, validateQuestion } from './questions.ts';
import { SerialQueue } from './queue.ts';
import { SHEET_LIMITS, type SheetLimits, readSheet, writeWorkbook } from './sheetReader.ts';
import { QUESTION_COLUMNS, type SheetKind, recordsOf, templateFileName, templateSheets } from './templates.ts';
import { EventLoopTurns, yieldToEventLoop } from './turns.ts';
import { withCheckpointOffThread } from './walCheckpoint.ts';

export interface ImportResult {
  /** data rows read from the file */
  rows: number;
  inserted: number;
  /** already present (or twice in the file) */
  skipped: number;
  /** invalid rows; when there are any, nothing is written */
  rejected: number;
  /** the first problems by row, translated by the route */
  problems: RowProblem[];
}

/** A file with invalid rows: nothing was written; answered as a 400 with the result as data. */
export class ImportRejected extends Error {
  constructor(readonly result: ImportResult) {
    super('importRowsInvalid');
  }
}

export const MAX_PROBLEMS = 100;
/** rows per INSERT: 8 values each, within every engine's limit on bound parameters */
const INSERT_BATCH = 1000;
const QUESTION_TEXT_LIMITS = { option: 1000, explanation: 10_000 };
/** stems read per page when a category's questions are looked up */
const STEM_PAGE = 5000;
const QUESTION_INSERT_COLUMNS = ['parentId', 'typeId', 'name', 'options', 'correctOptions', 'subject', 'createTime', 'isdelete', 'createdBy'];
const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

type Body = Record<string, unknown>;

/** An id sent by a form: a number, its text, or a cascader path (list or JSON text) whose last element counts. */
function idParam(raw: unknown, name: string, missing: MessageKey): number;
function idParam(raw: unknown, name: string, missing: null): number | undefined;
function idParam(raw: unknown, name: string, missing: MessageKey | null): number | undefined {
  let value = raw;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest('badParam', { name, reason: 'an id' });
    }
  }
  if (Array.isArray(value)) value = value.length === 0 ? 0 : value[value.length - 1];
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) value = Number(value);
  if (value === undefined || value === null || value === '' || value === 0) {
    if (missing) throw badRequest(missing);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw badRequest('badParam', { name, reason: 'an id' });
  return value;
}

function tableNameParam(raw: unknown, expected: string) {
  if (raw !== undefined && raw !== '' && raw !== expected) throw badRequest('badParam', { name: 'tableName', reason: expected });
}

/** First problems of the rows, capped, and how many rows had any. */
export function collectProblems<T>(checked: (T | RowProblem[])[]): { valid: T[]; problems: RowProblem[]; rejected: number } {
  const valid: T[] = [];
  const problems: RowProblem[] = [];
  let rejected = 0;
  for (const c of checked) {
    if (!Array.isArray(c)) valid.push(c);
    else {
      rejected++;
      for (const p of c) if (problems.length < MAX_PROBLEMS) problems.push(p);
    }
  }
  return { valid, problems, rejected };
}

/** Spreadsheet import and export of questions and categories, on top of the table registry. */
export class ImportService {
  /** one spreadsheet job at a time, shared with the generic table import (tableImport.ts) */
  readonly queue = new SerialQueue();

  constructor(
    private readonly crud: CrudService,
    private readonly uploads: UploadStore,
    readonly limits: SheetLimits = SHEET_LIMITS,
  ) {}

  private get db(): AnyDb {
    return this.crud.db;
  }

  private get questions() {
    return this.crud.registry.get('questionBank');
  }

  private get categories() {
    return this.crud.registry.get('questionsSmallClass');
  }

  /** The stored upload behind fileUrl; anything that is not a spreadsheet this server stored is refused. */
  async uploadedFile(fileUrl: unknown): Promise<{ key: string; ext: string }> {
    if (fileUrl === undefined || fileUrl === null || fileUrl === '') throw badRequest('importFileMissing');
    const key = keyOfPublicPath(fileUrl);
    if (!key) throw badRequest('importFileNotStored');
    const ext = extensionOf(key);
    if (!['xls', 'xlsx', 'csv'].includes(ext)) throw badRequest('importBadType');
    if (!(await this.uploads.exists(key))) throw notFound('importFileGone');
    return { key, ext };
  }

  /** Reads the upload as a file on this machine (an object in S3 is copied to a temporary file, removed afterwards). */
  async withLocalFile<T>(key: string, read: (file: string) => Promise<T>): Promise<T> {
    const copy = await this.uploads.localCopy(key);
    if (!copy) throw notFound('importFileGone');
    try {
      return await read(copy.file);
    } finally {
      await copy.release();
    }
  }

  private async subject(db: AnyDb, id: number) {
    const row = await db.selectFrom('questionsClass').select(['id', 'name']).where('id', '=', id).where('isdelete', '=', 0).executeTakeFirst();
    if (!row) throw notFound('importSubjectNotFound', { id });
    return row as { id: number; name: string };
  }

  private async category(db: AnyDb, id: number, subjectId: number | undefined, rowsOf?: Condition[]) {
    const row = await db
      .selectFrom(this.categories.table)
      .select(['id', 'name', 'subjectId'])
      .where('id', '=', id)
      .where('isdelete', '=', 0)
      .where((eb) => scopeExpression(eb, rowsOf, this.crud.engine))
      .executeTakeFirst();
    if (!row) throw notFound('importCategoryNotFound', { id });
    if (subjectId !== undefined && Number(row.subjectId) !== subjectId) throw badRequest('importCategoryOtherSubject', { id, subject: subjectId });
    return row as { id: number; name: string; subjectId: number };
  }

  /**
   * selectAddTypes: the categories named by the chosen files, under the subject and below the chosen
   * category (typeId; none = top level). Missing ones are created; answers every name in the order given.
   */
  async selectAddTypes(body: Body, caller: Caller | undefined) {
    const subjectId = idParam(body.parentId, 'parentId', 'importSubjectMissing');
    const parentCategory = idParam(body.typeId, 'typeId', null);
    const names = (Array.isArray(body.fileName) ? body.fileName : typeof body.fileName === 'string' ? body.fileName.split(',') : [])
      .map((n) =>
        typeof n === 'string'
          ? n
              .replace(/^.*[\\/]/, '')
              .replace(/\.(xlsx|xls|csv)$/i, '')
              .trim()
          : '',
      )
      .filter((n) => n !== '');
    if (names.length === 0) throw badRequest('importFileMissing');
    if (names.length > 100) throw badRequest('badParam', { name: 'fileName', reason: 'at most 100 names' });
    const maxName = this.categories.columns.get('name')!.length ?? 100;
    const tooLong = names.find((n) => n.length > maxName);
    if (tooLong) throw badRequest('importNameTooLong', { name: tooLong.slice(0, 40), max: maxName });
    assertAllowed(caller, this.categories.flag, 'save');

    const answer = await this.crud.writeTransaction(
      [this.categories.table],
      async (trx) => {
        await this.subject(trx, subjectId);
        // a role held to some categories (a grant's row filter) names and finds its own only (issue 33)
        const rowsOf = rowScope(caller, this.categories, this.crud.registry);
        const chosen = parentCategory === undefined ? undefined : await this.category(trx, parentCategory, subjectId, rowsOf);
        const siblings = await trx
          .selectFrom(this.categories.table)
          .select(['id', 'name'])
          .where('subjectId', '=', subjectId)
          .where('parentId', '=', parentCategory ?? 0)
          .where('isdelete', '=', 0)
          .where((eb) => scopeExpression(eb, rowsOf, this.crud.engine))
          .orderBy('id')
          .execute();
        const byName = new Map<string, number>();
        for (const s of siblings) if (!byName.has(s.name as string)) byName.set(s.name as string, Number(s.id));
        const createTime = nowText();
        const out: { id: number; name: string; created: boolean }[] = [];
        for (const name of names) {
          // a file named like the chosen category itself imports into that category
          const known = chosen && chosen.name === name ? chosen.id : byName.get(name);
          if (known !== undefined) {
            out.push({ id: known, name, created: false });
            continue;
          }
          const id = await this.crud.insertId(trx, this.categories, {
            name,
            subjectId,
            parentId: parentCategory ?? 0,
            isUp: 1,
            sortNum: 0,
            createTime,
            isdelete: 0,
          });
          byName.set(name, id);
          out.push({ id, name, created: true });
        }
        return out;
      },
      undefined,
      {
        caller,
        single: (out) => {
          const list = out as { name: string; created: boolean }[];
          return {
            flag: this.categories.flag,
            action: 'import',
            summary: JSON.stringify({ files: list.length, created: list.filter((c) => c.created).length }),
          };
        },
      },
    );
    return answer;
  }

  /** /api/action/import/: the questions of one file into one category of a subject, all or nothing. */
  async importQuestions(body: Body, caller: Caller | undefined): Promise<ImportResult> {
    tableNameParam(body.tableName, 'questionBank');
    const subjectId = idParam(body.parentId, 'parentId', 'importSubjectMissing');
    const categoryId = idParam(body.typeId, 'typeId', 'importCategoryMissing');
    const { key, ext } = await this.uploadedFile(body.fileUrl);
    assertAllowed(caller, this.questions.flag, 'import');
    await this.subject(this.db, subjectId);
    await this.category(this.db, categoryId, subjectId);

    return this.queue.run(async () => {
      const turns = new EventLoopTurns();
      const records = await recordsOf(await this.withLocalFile(key, (file) => readSheet(file, ext, this.limits)), 'question', turns);
      if (records.length === 0) throw badRequest('importEmpty');
      const limits = { stem: this.questions.columns.get('name')!.length ?? 1000, ...QUESTION_TEXT_LIMITS };
      const checked: (QuestionData | RowProblem[])[] = [];
      for (const record of records) {
        if (turns.due()) await turns.turn();
        checked.push(validateQuestion(record, limits));
      }
      const { valid, problems, rejected } = collectProblems(checked);
      if (rejected > 0) throw new ImportRejected({ rows: records.length, inserted: 0, skipped: 0, rejected, problems });
      const written = await this.insertQuestions(subjectId, categoryId, valid, caller, turns);
      return { rows: records.length, ...written, rejected: 0, problems: [] };
    });
  }

  /** The stems of a category's questions, read by pages of its index (isdelete, typeId, id): 200,000 at once held the event loop. */
  private async stemsOf(db: AnyDb, categoryId: number, caller: Caller | undefined): Promise<Set<string>> {
    const stems = new Set<string>();
    // a role held to some questions matches its file against those only: a skipped row never tells of another
    const scope = rowScope(caller, this.questions, this.crud.registry);
    for (let after = 0; ;) {
      const page = await db
        .selectFrom(this.questions.table)
        .select(['id', 'name'])
        .where('isdelete', '=', 0)
        .where('typeId', '=', categoryId)
        .where((eb) => scopeExpression(eb, scope, this.crud.engine))
        .where('id', '>', after)
        .orderBy('id')
        .limit(STEM_PAGE)
        .execute();
      for (const r of page) stems.add(r.name as string);
      if (page.length < STEM_PAGE) return stems;
      after = Number(page[page.length - 1]!.id);
      await yieldToEventLoop();
    }
  }

  /**
   * Writes the questions that the category does not have yet (same stem) in one transaction of batched
   * inserts. The INSERTs are built before the transaction starts, so that it holds the connection (on
   * SQLite, the only one) no longer than the writes take; the stems are checked again inside it.
   */
  private async insertQuestions(subjectId: number, categoryId: number, questions: QuestionData[], caller: Caller | undefined, turns: EventLoopTurns) {
    const table = this.questions;
    const columns = QUESTION_INSERT_COLUMNS.map((c) => this.crud.registry.column(table, c).name);
    const createTime = nowText();
    const creator = caller && !caller.system && caller.id > 0 ? caller.id : null;
    const toObject = (params: unknown[], row: number) => Object.fromEntries(columns.map((c, k) => [c, params[row * columns.length + k]]));
    const plan = async (present: Set<string>) => {
      const seen = new Set(present);
      const batches: CompiledQuery[] = [];
      let fullBatchSql: string | undefined;
      let params: unknown[] = [];
      let rows = 0;
      let inserted = 0;
      const flush = async () => {
        if (rows === 0) return;
        if (fullBatchSql !== undefined && rows === INSERT_BATCH) batches.push(CompiledQuery.raw(fullBatchSql, params));
        else {
          const values = Array.from({ length: rows }, (_, r) => toObject(params, r));
          const compiled = this.db.insertInto(table.table).values(values).compile();
          // Kysely binds the values row by row: its SQL for a full batch serves every other full batch
          if (rows === INSERT_BATCH && sameValues(compiled.parameters, params)) fullBatchSql = compiled.sql;
          batches.push(compiled);
          await yieldToEventLoop();
        }
        params = [];
        rows = 0;
      };
      for (const q of questions) {
        if (turns.due()) await turns.turn();
        if (seen.has(q.name)) continue;
        seen.add(q.name);
        params.push(subjectId, categoryId, q.name, JSON.stringify(q.options), q.correct, q.explanation, createTime, 0, creator);
        inserted++;
        if (++rows === INSERT_BATCH) await flush();
      }
      await flush();
      return { seen, batches, inserted };
    };
    const before = await this.stemsOf(this.db, categoryId, caller);
    let planned = await plan(before);
    const target = await this.crud.target(table);
    // the batches are precompiled: their table is named, for its row version to be bumped with them
    const inserted = await withCheckpointOffThread(target.db, target.engine, target.local, () =>
      this.crud.writeTransaction(
        [table.table],
        async (trx) => {
          const now = await this.stemsOf(trx, categoryId, caller);
          // a question saved meanwhile with one of these stems: plan again, inside the transaction
          for (const name of now) {
            if (turns.due()) await turns.turn();
            if (!before.has(name) && planned.seen.has(name)) {
              planned = await plan(now);
              break;
            }
          }
          const lastBefore = this.crud.scoped(trx, table)
            ? Number(
                (
                  await trx
                    .selectFrom(table.table)
                    .select((eb) => eb.fn.max('id').as('last'))
                    .executeTakeFirst()
                )?.last ?? 0,
              )
            : undefined;
          for (const batch of planned.batches) {
            await trx.executeQuery(batch);
            // lists are read on another connection (SQLite's reader, or the pool): let them be answered between batches
            await yieldToEventLoop();
          }
          // a role held to some questions (a grant's row filter) imports only such questions: else nothing is imported
          if (lastBefore !== undefined)
            await this.crud.assertInsertedInScope(trx, table, (eb) =>
              eb.and([eb('id', '>', lastBefore), eb('typeId', '=', categoryId), eb('createTime', '=', createTime)]),
            );
          return planned.inserted;
        },
        undefined,
        {
          caller,
          single: (n) => ({
            flag: table.flag,
            action: 'import',
            summary: JSON.stringify({ rows: questions.length, inserted: n, skipped: questions.length - Number(n), typeId: categoryId }),
          }),
        },
      ),
    );
    return { inserted, skipped: questions.length - inserted };
  }

  /** typesImport: the categories of one file under a subject, parents before children, all or nothing. */
  async importCategories(body: Body, caller: Caller | undefined): Promise<ImportResult> {
    tableNameParam(body.tableName, 'questionsSmallClass');
    const subjectId = idParam(body.subjectId, 'subjectId', 'importSubjectOnlyMissing');
    const { key, ext } = await this.uploadedFile(body.fileUrl);
    assertAllowed(caller, this.categories.flag, 'import');
    await this.subject(this.db, subjectId);

    return this.queue.run(async () => {
      const records = await recordsOf(await this.withLocalFile(key, (file) => readSheet(file, ext, this.limits)), 'category');
      if (records.length === 0) throw badRequest('importEmpty');
      const maxName = this.categories.columns.get('name')!.length ?? 100;
      const checked = collectProblems(records.map((r) => validateCategory(r, maxName)));
      const reject = (problems: RowProblem[], rejected: number) => new ImportRejected({ rows: records.length, inserted: 0, skipped: 0, rejected, problems });
      if (checked.rejected > 0) throw reject(checked.problems, checked.rejected);

      const written = await this.crud.writeTransaction(
        [this.categories.table],
        async (trx) => {
          // a role held to some categories (a grant's row filter) matches its own only: one outside is neither skipped
          // as present nor a parent (issue 33: no existence oracle)
          const rowsOf = rowScope(caller, this.categories, this.crud.registry);
          const existing = (await trx
            .selectFrom(this.categories.table)
            .select(['id', 'name', 'parentId'])
            .where('subjectId', '=', subjectId)
            .where('isdelete', '=', 0)
            .where((eb) => scopeExpression(eb, rowsOf, this.crud.engine))
            .orderBy('id')
            .execute()) as ExistingCategory[];
          const { ordered, problems } = orderCategories(checked.valid, existing);
          if (problems.length > 0) throw reject(problems.slice(0, MAX_PROBLEMS), new Set(problems.map((p) => p.row)).size);
          const idOf = new Map<unknown, number>();
          const byKey = new Map<string, number>(existing.map((e) => [`${Number(e.parentId)}\u0000${e.name}`, Number(e.id)]));
          const createTime = nowText();
          let inserted = 0;
          for (const { data, parent } of ordered) {
            const parentId = 'id' in parent ? parent.id : idOf.get(parent.row)!;
            const key = `${parentId}\u0000${data.name}`;
            let id = byKey.get(key);
            if (id === undefined) {
              id = await this.crud.insertId(trx, this.categories, {
                name: data.name,
                subjectId,
                parentId,
                sortNum: data.sortNum,
                isUp: data.isUp,
                createTime,
                isdelete: 0,
              });
              byKey.set(key, id);
              inserted++;
            }
            idOf.set(data, id);
          }
          return { inserted, skipped: ordered.length - inserted };
        },
        undefined,
        {
          caller,
          single: (r) => ({ flag: this.categories.flag, action: 'import', summary: JSON.stringify({ rows: records.length, ...(r as object), subjectId }) }),
        },
      );
      return { rows: records.length, ...written, rejected: 0, problems: [] };
    });
  }

  /** The questions of a subject and/or category as an .xlsx in the template's layout. */
  async exportQuestions(query: Body, caller: Caller | undefined): Promise<{ content: Buffer; fileName: string }> {
    const subjectId = idParam(query.parentId, 'parentId', null);
    const categoryId = idParam(query.typeId, 'typeId', null);
    if (subjectId === undefined && categoryId === undefined) throw badRequest('exportScopeMissing');
    assertAllowed(caller, this.questions.flag, 'export');
    const scope = categoryId !== undefined ? await this.category(this.db, categoryId, subjectId) : await this.subject(this.db, subjectId!);
    const max = this.limits.maxRows;
    const table = this.questions;
    // a role held to some questions (a grant's row filter) exports those only, as its lists show them
    const rowsOf = rowScope(caller, table, this.crud.registry);
    const rows: string[][] = [QUESTION_COLUMNS.map((c) => c.title)];
    // pages by id, so that the event loop is free between them and other requests are answered
    for (let after = 0; ;) {
      let q = this.db.selectFrom(table.table).select(['id', 'name', 'options', 'correctOptions', 'subject']).where('isdelete', '=', 0).where('id', '>', after);
      q = q.where((eb) => scopeExpression(eb, rowsOf, this.crud.engine));
      if (subjectId !== undefined) q = q.where('parentId', '=', subjectId);
      if (categoryId !== undefined) q = q.where('typeId', '=', categoryId);
      const page = await q.orderBy('id').limit(5000).execute();
      for (const r of page)
        rows.push(
          questionRow({
            name: String(r.name ?? ''),
            options: optionsOf(r.options),
            correct: String(r.correctOptions ?? ''),
            explanation: (r.subject as string | null) ?? null,
          }),
        );
      if (rows.length - 1 > max) throw badRequest('exportTooMany', { max });
      if (page.length < 5000) break;
      after = Number(page[page.length - 1]!.id);
    }
    const content = await this.queue.run(() => writeWorkbook([{ name: '题目', rows, widths: QUESTION_COLUMNS.map((c) => c.width) }], 'xlsx', this.limits));
    return { content, fileName: `${scope.name}-题目` };
  }

  /** A template workbook: generated from the same column definitions the parser reads. */
  async template(kind: SheetKind, format: 'xls' | 'xlsx'): Promise<{ content: Buffer; fileName: string }> {
    const content = await writeWorkbook(templateSheets(kind), format === 'xls' ? 'biff8' : 'xlsx', this.limits);
    return { content, fileName: templateFileName(kind) };
  }
}

/** Stored options are a JSON list of texts; anything else is shown as one option so that nothing is lost. */
function optionsOf(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const list = JSON.parse(raw);
    if (Array.isArray(list)) return list.map((o) => (o === null || o === undefined ? '' : String(o)));
  } catch {}
  return [raw];
}
