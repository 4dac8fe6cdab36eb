import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../http/errors.ts';
import type { MessageKey } from '../http/messages.ts';
import { SPREADSHEET } from '../uploads/storage.ts';
import { SHEET_WORKER_SOURCE } from './sheetWorkerSource.ts';

/** What a spreadsheet may cost before it is refused. */
export interface SheetLimits {
  maxFileBytes: number;
  /** bytes unpacked from an xlsx (zip) in all: a zip bomb stops here */
  maxUnzippedBytes: number;
  /** data rows (non-empty rows after the header) */
  maxRows: number;
  /** non-empty cells */
  maxCells: number;
  /** columns read per row; cells further right are ignored */
  maxColumns: number;
  /** characters of one cell (Excel's own limit) */
  maxCellChars: number;
  /** characters of all cells read: what the rows may weigh on the main thread (one long shared string in every cell) */
  maxTextChars: number;
  /** bytes of an XML part's longest text, tag, cell or shared string, checked before SheetJS parses the part */
  maxXmlRunBytes: number;
  /** nesting of an XML part's elements (a sheet needs 7) */
  maxXmlDepth: number;
  /** the worker is terminated after this long */
  timeoutMs: number;
  /** V8 heap of the worker; beyond it the worker dies and the file is refused */
  heapMb: number;
}

export const SHEET_LIMITS: SheetLimits = {
  maxFileBytes: SPREADSHEET.maxBytes,
  maxUnzippedBytes: 256 * 1024 * 1024,
  maxRows: 200_000,
  maxCells: 4_000_000,
  maxColumns: 64,
  maxCellChars: 32_767,
  maxTextChars: 50_000_000,
  // a cell of 32,767 characters each written as a character reference (&#x10FFFF;)
  maxXmlRunBytes: 327_680,
  maxXmlDepth: 100,
  // under the web client's 30 s request timeout, so that the operator reads why
  timeoutMs: 25_000,
  heapMb: 512,
};

/** A slice of rows as the worker sends it: cells joined by NUL, where each row starts, its sheet row numbers. */
interface RowSlice {
  text: string;
  starts: Int32Array;
  rowNumbers: Int32Array;
}

/** A slice's cells, split on first use; its text is let go then. */
function cellsOf(slice: { text: string; cells?: string[] }): string[] {
  if (!slice.cells) {
    slice.cells = slice.text.split('\u0000');
    slice.text = '';
  }
  return slice.cells;
}

/** The first sheet as text: non-empty rows only, each with its row number as the sheet shows it. */
export class SheetRows {
  sheetName = '';
  /**
   * the slices as they came, their cells split once, when a row of the slice is first read (the loops that read rows
   * let the event loop turn; the messages of a worker are handled back to back): a row is read where it is, never
   * copied into one big list
   */
  private readonly slices: { text: string; cells?: string[]; starts: Int32Array }[] = [];
  /** per row: its slice, and its index in that slice */
  private readonly sliceOf: number[] = [];
  private readonly indexIn: number[] = [];
  readonly rowNumbers: number[] = [];

  add(slice: RowSlice) {
    const k = this.slices.length;
    this.slices.push({ text: slice.text, starts: slice.starts });
    for (let i = 0; i < slice.rowNumbers.length; i++) {
      this.sliceOf.push(k);
      this.indexIn.push(i);
      this.rowNumbers.push(slice.rowNumbers[i]!);
    }
  }

  get rowCount(): number {
    return this.rowNumbers.length;
  }

  /** The cells of row i (0-based among the non-empty rows), up to its last non-empty one. */
  row(i: number): string[] {
    const s = this.slices[this.sliceOf[i]!]!;
    const j = this.indexIn[i]!;
    return cellsOf(s).slice(s.starts[j], s.starts[j + 1]);
  }

  /** Cell c of row i, '' when empty. */
  cell(i: number, c: number): string {
    const s = this.slices[this.sliceOf[i]!]!;
    const j = this.indexIn[i]!;
    const at = s.starts[j]! + c;
    return at < s.starts[j + 1]! ? cellsOf(s)[at]! : '';
  }
}

export interface SheetSpec {
  name: string;
  rows: string[][];
  widths?: number[];
}

const xlsxPath = createRequire(import.meta.url).resolve('@e965/xlsx');

type WorkerAnswer =
  | { ok: true; result: unknown }
  | { ok: false; key: MessageKey; params: Record<string, string | number>; detail?: string }
  | { slice: RowSlice; ok?: undefined };

/** Runs one task in a fresh worker thread, which is terminated on timeout and always ends with the task. */
function runWorker<T>(task: object, limits: SheetLimits, onSlice?: (slice: RowSlice) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(SHEET_WORKER_SOURCE, {
      eval: true,
      workerData: { xlsxPath, task, limits: { ...limits, maxRows: limits.maxRows + 1 } },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // SheetJS prints warnings about odd files; they are dropped rather than buffered or logged
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (error: Error | undefined, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value as T);
    };
    const timer = setTimeout(() => finish(badRequest('importTimeout', { seconds: Math.round(limits.timeoutMs / 1000) })), limits.timeoutMs);
    worker.on('message', (answer: WorkerAnswer) => {
      if (settled) return;
      if (answer.ok === undefined) onSlice?.(answer.slice);
      else if (answer.ok) finish(undefined, answer.result as T);
      else finish(answer.detail ? Object.assign(badRequest(answer.key, answer.params), { detail: answer.detail }) : badRequest(answer.key, answer.params));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? badRequest('importTooComplex')
          : Object.assign(badRequest('importUnreadable'), { detail: String(err.stack ?? err) }),
      );
    });
    worker.on('exit', (code) => finish(code === 0 ? badRequest('importUnreadable') : badRequest('importTooComplex')));
  });
}

/** Reads the first sheet of an xls, xlsx or csv file in a worker thread, within the limits. */
export async function readSheet(file: string, ext: string, limits: SheetLimits = SHEET_LIMITS): Promise<SheetRows> {
  const sheet = new SheetRows();
  const r = await runWorker<{ sheetName: string }>({ kind: 'read', file, ext }, limits, (slice) => sheet.add(slice));
  sheet.sheetName = r.sheetName;
  return sheet;
}

/** Writes a workbook of text rows in a worker thread: xlsx, or biff8 (.xls). */
export async function writeWorkbook(sheets: SheetSpec[], bookType: 'xlsx' | 'biff8', limits: SheetLimits = SHEET_LIMITS): Promise<Buffer> {
  const bytes = await runWorker<Uint8Array>({ kind: 'write', sheets, bookType }, limits);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
