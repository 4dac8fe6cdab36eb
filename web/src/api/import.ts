import type { ImportCategory, ImportCounts, RowProblem } from '@qb/contracts';
import { call, callFile, ApiError, type DownloadedFile, type CallBody } from './client.ts';

/**
 * Spreadsheet import and export (docs/import.md; SPEC.md §7 selectAddTypes, import, typesImport).
 * The import calls are silent: the import dialog shows each file's outcome in its result panel.
 */

/** An import or export may wait behind other spreadsheet jobs on the server (one at a time, SPEC.md §9), then parse for up to 25 s. */
export const IMPORT_TIMEOUT_MS = 120_000;

export type SheetKind = 'question' | 'category';
export type TemplateFormat = 'xls' | 'xlsx';

/**
 * The answers' types come from the route schemas (packages/contracts/src/api/imports.ts): RowProblem (one invalid
 * row of a refused file, by the row number Excel shows), ImportCounts (`rejected` > 0: nothing from the file was
 * written), ImportCategory (a category that selectAddTypes found or created for one file name).
 */
export type { ImportCategory, ImportCounts, RowProblem };

export interface AddCategoriesParams {
  /** the subject (questionsClass id) */
  parentId: number;
  /** the category chosen in the dialog; the files' categories are created below it */
  typeId: number;
  /** file names without extension, in the order of the files */
  names: string[];
}

/**
 * POST /api/coustomApi/selectAddTypes/: one category per file name (found or created below typeId),
 * answered in the order given. Names go comma-joined as SPEC.md §7 says, or as a list when one holds a comma.
 */
export async function addImportCategories({ parentId, typeId, names }: AddCategoriesParams): Promise<ImportCategory[]> {
  const fileName = names.some((n) => n.includes(',')) ? names : names.join(',');
  const answer = await call('selectAddTypes', { body: { parentId, typeId, fileName } });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The answer of one file's import: its counts, or why it was not imported (with the counts and problems of a refused file). */
export type FileImportAnswer = { ok: true; counts: ImportCounts; message: string } | { ok: false; counts?: ImportCounts; message: string; error: ApiError };

function isCounts(data: unknown): data is ImportCounts {
  return !!data && typeof data === 'object' && typeof (data as ImportCounts).inserted === 'number';
}

function normalizeCounts(data: ImportCounts): ImportCounts {
  return { ...data, problems: Array.isArray(data.problems) ? data.problems : [] };
}

async function importFile(
  name: 'importQuestions' | 'importCategories',
  body: CallBody<'importQuestions'> | CallBody<'importCategories'>,
): Promise<FileImportAnswer> {
  try {
    // the two calls answer the same counts; one of them says the type
    const answer = await call(name as 'importQuestions', { body: body as CallBody<'importQuestions'>, silent: true, timeoutMs: IMPORT_TIMEOUT_MS });
    const counts = isCounts(answer.data) ? normalizeCounts(answer.data) : { rows: 0, inserted: 0, skipped: 0, rejected: 0, problems: [] };
    return { ok: true, counts, message: String(answer.message ?? '') };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const data = error.body?.data;
    return { ok: false, counts: isCounts(data) ? normalizeCounts(data) : undefined, message: error.message, error };
  }
}

/** POST /api/action/import/: the questions of one uploaded file into a category of a subject. */
export function importQuestionFile(params: { fileUrl: string; parentId: number; typeId: number }): Promise<FileImportAnswer> {
  return importFile('importQuestions', { ...params, tableName: 'questionBank' });
}

/** POST /api/coustomApi/typesImport/: the categories of one uploaded file into a subject. */
export function importCategoryFile(params: { fileUrl: string; subjectId: number }): Promise<FileImportAnswer> {
  return importFile('importCategories', { ...params, tableName: 'questionsSmallClass' });
}

/** GET /api/import/template/: the template the server's parser reads, as a file (the call needs the session header). */
export function downloadTemplate(kind: SheetKind, format: TemplateFormat): Promise<DownloadedFile> {
  return callFile('template', { query: { kind, format } });
}

/** GET /api/export/questions/: the questions of a subject and/or category as an .xlsx in the template's layout. */
export function exportQuestionFile(params: { parentId: number; typeId?: number }): Promise<DownloadedFile> {
  return callFile('exportQuestions', { query: { parentId: params.parentId, typeId: params.typeId }, timeoutMs: IMPORT_TIMEOUT_MS });
}
