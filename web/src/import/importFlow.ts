import { deleteRows } from '../api/crud.ts';
import { addImportCategories, importCategoryFile, importQuestionFile, type FileImportAnswer, type ImportCategory, type ImportCounts } from '../api/import.ts';

/**
 * The import run of SPEC.md §4/§9, without React: (questions only) one call that finds or creates a
 * category per file, then one import call per file, strictly one after the other. The dialog renders the
 * stages and outcomes this reports.
 */

export type ImportKind = 'question' | 'category';

/** SPEC.md §5 requires .xls; the server also reads .xlsx and .csv (docs/import.md). */
export const SPREADSHEET_EXTENSIONS = /\.(xls|xlsx|csv)$/i;
export const SPREADSHEET_ACCEPT = '.xls,.xlsx,.csv';

export function isSpreadsheetName(name: string): boolean {
  return SPREADSHEET_EXTENSIONS.test(name.trim());
}

/** The category name a file stands for: its name without folders and without the spreadsheet extension. */
export function baseName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  return last.replace(SPREADSHEET_EXTENSIONS, '').trim();
}

/** A file chosen in the dialog: uploading, or uploaded with the path the server answered. */
export interface ChosenFile {
  uid: string;
  name: string;
  status: 'uploading' | 'done';
  fileUrl?: string;
}

export interface UploadedFile {
  uid: string;
  name: string;
  fileUrl: string;
}

export type ImportPlan =
  { kind: 'question'; subjectId: number; categoryId: number; files: UploadedFile[] } | { kind: 'category'; subjectId: number; files: UploadedFile[] };

/** idle → (questions) addingCategories → importing → done; the confirm button shows it. */
export type RunStage = 'idle' | 'addingCategories' | 'importing' | 'done';

export type OutcomeState = 'waiting' | 'running' | 'imported' | 'refused' | 'failed' | 'notRun';

/** What happened to one file: shown by the result panel. */
export interface FileOutcome {
  uid: string;
  name: string;
  state: OutcomeState;
  /** the category the file's questions go to (question import) */
  category?: ImportCategory;
  counts?: ImportCounts;
  /** the server's message (a failure's reason) */
  message?: string;
  /** the category was created by this run and, no file having gone into it, deleted again */
  categoryRemoved?: boolean;
}

export interface RunProgress {
  stage: RunStage;
  /** the file being imported, from 1 */
  current: number;
  total: number;
}

export interface RunSummary {
  /** files written (inserted or all skipped) */
  imported: number;
  /** files refused (invalid rows) or failed (unreadable, limits, network) */
  failed: number;
  inserted: number;
  skipped: number;
  /** the session ended: the remaining files were not run */
  aborted: boolean;
  /** categories created by selectAddTypes (and kept) */
  createdCategories: number;
}

export interface ImportCalls {
  addCategories: typeof addImportCategories;
  importQuestion: typeof importQuestionFile;
  importCategory: typeof importCategoryFile;
  /** soft-deletes categories this run created and left empty */
  removeCategories(ids: number[]): Promise<void>;
}

export const apiImportCalls: ImportCalls = {
  addCategories: addImportCategories,
  importQuestion: importQuestionFile,
  importCategory: importCategoryFile,
  removeCategories: (ids) => deleteRows('questionsSmallClass', ids),
};

export interface RunListener {
  progress(progress: RunProgress): void;
  outcome(index: number, outcome: FileOutcome): void;
}

export function waitingOutcomes(files: { uid: string; name: string }[]): FileOutcome[] {
  return files.map((f) => ({ uid: f.uid, name: f.name, state: 'waiting' }));
}

function outcomeOf(base: FileOutcome, answer: FileImportAnswer): FileOutcome {
  if (answer.ok) return { ...base, state: 'imported', counts: answer.counts, message: answer.message };
  const refused = !!answer.counts && answer.counts.rejected > 0;
  return { ...base, state: refused ? 'refused' : 'failed', counts: answer.counts, message: answer.message };
}

/**
 * Runs a plan. A failure of one file does not stop the others (each file is all or nothing on the server);
 * an ended session stops the run. A failing selectAddTypes rejects (nothing was imported).
 */
export async function runImport(plan: ImportPlan, listener: RunListener, calls: ImportCalls = apiImportCalls): Promise<RunSummary> {
  const total = plan.files.length;
  const outcomes = waitingOutcomes(plan.files);
  const summary: RunSummary = { imported: 0, failed: 0, inserted: 0, skipped: 0, aborted: false, createdCategories: 0 };

  const settled: boolean[] = plan.files.map(() => false);
  let categories: ImportCategory[] = [];
  if (plan.kind === 'question') {
    listener.progress({ stage: 'addingCategories', current: 0, total });
    categories = await calls.addCategories({ parentId: plan.subjectId, typeId: plan.categoryId, names: plan.files.map((f) => baseName(f.name)) });
    if (categories.length !== total) throw new Error(`selectAddTypes answered ${categories.length} categories for ${total} files`);
    summary.createdCategories = categories.filter((c) => c.created).length;
    categories.forEach((category, i) => listener.outcome(i, (outcomes[i] = { ...outcomes[i]!, category })));
  }

  for (let i = 0; i < total; i++) {
    const file = plan.files[i]!;
    if (summary.aborted) {
      listener.outcome(i, (outcomes[i] = { ...outcomes[i]!, state: 'notRun' }));
      continue;
    }
    listener.progress({ stage: 'importing', current: i + 1, total });
    listener.outcome(i, (outcomes[i] = { ...outcomes[i]!, state: 'running' }));
    const answer =
      plan.kind === 'question'
        ? await calls.importQuestion({ fileUrl: file.fileUrl, parentId: plan.subjectId, typeId: categories[i]!.id })
        : await calls.importCategory({ fileUrl: file.fileUrl, subjectId: plan.subjectId });
    const outcome = outcomeOf(outcomes[i]!, answer);
    listener.outcome(i, (outcomes[i] = outcome));
    if (outcome.state === 'imported') {
      summary.imported++;
      summary.inserted += outcome.counts?.inserted ?? 0;
      summary.skipped += outcome.counts?.skipped ?? 0;
    } else {
      summary.failed++;
      if (!answer.ok && answer.error.sessionExpired) summary.aborted = true;
    }
    // the server answered: a file it did not import wrote nothing (a timeout or a lost connection says nothing)
    settled[i] = answer.ok || answer.error.status !== undefined;
  }
  if (plan.kind === 'question' && !summary.aborted) await removeUnusedCategories(categories, outcomes, settled, listener, calls, summary);
  listener.progress({ stage: 'done', current: total, total });
  return summary;
}

/**
 * selectAddTypes creates the files' categories before any file is imported (SPEC.md §7). A category this run
 * created, into which no file went, is deleted again, so that a refused file leaves nothing behind. It is
 * kept when any of its files was imported or might have been (no answer from the server), or if the delete
 * fails (it is then reused by the next import of the corrected file).
 */
async function removeUnusedCategories(
  categories: ImportCategory[],
  outcomes: FileOutcome[],
  settled: boolean[],
  listener: RunListener,
  calls: ImportCalls,
  summary: RunSummary,
) {
  const used = new Set(categories.filter((_, i) => outcomes[i]!.state === 'imported' || !settled[i]).map((c) => c.id));
  const unused = [...new Set(categories.filter((c) => c.created && !used.has(c.id)).map((c) => c.id))];
  if (unused.length === 0) return;
  try {
    await calls.removeCategories(unused);
  } catch {
    return; // the API client has shown why; the empty categories stay and are reused next time
  }
  summary.createdCategories -= categories.filter((c) => c.created && unused.includes(c.id)).length;
  categories.forEach((c, i) => {
    if (unused.includes(c.id)) listener.outcome(i, (outcomes[i] = { ...outcomes[i]!, categoryRemoved: true }));
  });
}
