import { PART_SCAN_SOURCE } from './sheetPartScan.ts';

/**
 * The code of the spreadsheet worker thread, run with `new Worker(source, { eval: true })`.
 *
 * It is plain CommonJS kept as text because the server also runs as one esbuild bundle (dist/main.js),
 * where a separate worker file would not exist, and under vitest, where a worker could not load
 * TypeScript. It needs nothing but SheetJS (its path arrives in workerData) and Node's own modules.
 *
 * Tasks:
 * - read: the first sheet of an xls/xlsx/csv file as text rows (non-empty rows only, with their sheet
 *   row numbers), sent in slices. Formulas are never evaluated: a formula cell gives its cached value,
 *   or nothing.
 * - write: a workbook (xlsx or biff8 .xls) from rows of text, answered as bytes.
 *
 * Limits (workerData.limits): file size, bytes unpacked from a zip (a zip bomb stops there, before it is
 * in memory); each XML part checked on its bytes before SheetJS parses it (sheetPartScan.ts: runs, cells and
 * shared strings, depth); rows within Excel's grid; non-empty rows, cells, columns read, characters per cell
 * and in all. Rows cross to the main thread only within these bounds, in slices of bounded size; the caller
 * adds a heap limit and a time limit.
 */
export const SHEET_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const XLSX = require(workerData.xlsxPath);
const limits = workerData.limits;

class Refusal extends Error {
  constructor(key, params) { super(key); this.key = key; this.params = params || {}; }
}

// SheetJS inflates zip entries through this class: every entry draws on one budget of unpacked bytes,
// and zlib stops with ERR_BUFFER_TOO_LARGE as soon as an entry would exceed what is left.
let unzipBudget = limits.maxUnzippedBytes;
let unzipExceeded = false;
class BoundedInflateRaw extends zlib.InflateRaw {
  constructor(options) {
    if (unzipBudget <= 0) unzipExceeded = true;
    super(Object.assign({}, options, { maxOutputLength: Math.max(1, unzipBudget) }));
  }
  // SheetJS reads the deprecated alias; bytesWritten is the same count (input consumed)
  get bytesRead() { return this.bytesWritten; }
  _processChunk(chunk, flushFlag, cb) {
    let out;
    try { out = super._processChunk(chunk, flushFlag, cb); }
    catch (err) { if (err && err.code === 'ERR_BUFFER_TOO_LARGE') unzipExceeded = true; throw err; }
    unzipBudget -= out.length;
    return out;
  }
}
XLSX.CFB.utils.use_zlib({ InflateRaw: BoundedInflateRaw, deflateRawSync: zlib.deflateRawSync });
${PART_SCAN_SOURCE}
// SheetJS unpacks a whole xlsx through CFB.read before it parses any part: the parts are checked there
const readContainer = XLSX.CFB.read;
XLSX.CFB.read = function (data, options) {
  const container = readContainer.call(this, data, options);
  const isZip = container.FullPaths.some(function (p) { return /\/\[Content_Types\]\.xml$/i.test(p); });
  if (isZip) {
    container.FullPaths.forEach(function (path, i) {
      const entry = container.FileIndex[i];
      if (entry.type === 2 && entry.content && /\.(xml|rels|vml)$/i.test(path)) scanXmlPart(path.replace(/^[^/]*\//, ''), Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content), limits);
    });
  }
  return container;
};

/** the last row of Excel's grid */
const EXCEL_ROWS = 1048576;
/** a slice crosses to the main thread at this many rows or characters (at most one row of cells more) */
const SLICE_ROWS = 10000;
const SLICE_CHARS = 1 << 20;

/** A column's letters as Excel shows them: 0 -> A, 26 -> AA. */
function columnName(c) {
  let name = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The text a person sees in a cell; error cells and formulas without a cached value are empty. */
function cellText(cell) {
  if (!cell || cell.v === undefined || cell.t === 'z' || cell.t === 'e') return '';
  let text;
  if (cell.t === 's') text = String(cell.v);
  else if (cell.t === 'n') {
    // General-format numbers keep Excel's 15 significant digits, not SheetJS's 11-digit display
    text = cell.w !== undefined && !/E[+-]/.test(cell.w) ? cell.w : String(Number(cell.v.toPrecision(15)));
  } else text = cell.w !== undefined ? cell.w : String(cell.v);
  return text.replace(CONTROL, '').trim();
}

/** CSV text: UTF-8 (with or without BOM), UTF-16 with BOM, else GB18030 as saved by Chinese Excel. */
function decodeCsv(buf) {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  try { return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf); }
  catch { return new TextDecoder('gb18030').decode(buf); }
}

const READ_OPTIONS = {
  dense: true, sheets: 0, cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false,
  cellDates: false, bookVBA: false, bookDeps: false, bookProps: false, WTF: false,
};

function read(task) {
  const size = fs.statSync(task.file).size;
  if (size > limits.maxFileBytes) throw new Refusal('uploadTooLarge', { max: Math.round(limits.maxFileBytes / 1048576) + ' MB' });
  const buf = fs.readFileSync(task.file);
  let book;
  try {
    if (task.ext === 'csv') {
      const text = decodeCsv(buf);
      // every cell needs a separator or a line end: absurd counts are refused before SheetJS allocates cells
      const separators = text.match(/[,;\t|\n]/g);
      if (separators && separators.length > limits.maxCells * 4) throw new Refusal('importTooManyCells', { max: limits.maxCells });
      book = XLSX.read(text, Object.assign({}, READ_OPTIONS, { type: 'string', raw: true }));
    } else {
      book = XLSX.read(buf, Object.assign({}, READ_OPTIONS, { type: 'buffer' }));
    }
  } catch (err) {
    if (unzipExceeded) throw new Refusal('importUnzippedTooLarge', { max: Math.round(limits.maxUnzippedBytes / 1048576) + ' MB' });
    if (err instanceof Refusal) throw err;
    if (/password|ECMA-376 Encrypted/i.test(String(err && err.message))) throw new Refusal('importEncrypted');
    throw new Refusal('importUnreadable');
  }
  if (unzipExceeded) throw new Refusal('importUnzippedTooLarge', { max: Math.round(limits.maxUnzippedBytes / 1048576) + ' MB' });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  // the rows that exist, not the sheet's declared range: a range of A1:XFD1048576 costs nothing; a row past
  // Excel's last one (a sparse array of a billion) would cost a loop over every number below it
  const data = (sheet && sheet['!data']) || [];
  if (data.length > EXCEL_ROWS) throw new Refusal('importOutsideGrid', { max: EXCEL_ROWS });
  // sent in slices of rows, each as one text of cells joined by NUL (control characters are removed
  // from cells) with the offset of each row: one string crosses threads far cheaper than thousands.
  // The slices are posted once every row is within the limits: a refused file sends the main thread nothing
  const slices = [];
  let cells = [];
  let starts = [0];
  let rowNumbers = [];
  let rowCount = 0;
  let cellCount = 0;
  let textChars = 0;
  let sliceChars = 0;
  const flush = () => {
    if (rowNumbers.length === 0) return;
    slices.push({ text: cells.join('\u0000'), starts: Int32Array.from(starts), rowNumbers: Int32Array.from(rowNumbers) });
    cells = [];
    starts = [0];
    rowNumbers = [];
    sliceChars = 0;
  };
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const width = Math.min(row.length, limits.maxColumns);
    const first = cells.length;
    let end = first;
    for (let c = 0; c < width; c++) {
      const text = cellText(row[c]);
      if (text === '') continue;
      if (text.length > limits.maxCellChars) throw new Refusal('importCellTooLong', { row: r + 1, column: columnName(c), max: limits.maxCellChars });
      textChars += text.length;
      sliceChars += text.length;
      if (textChars > limits.maxTextChars) throw new Refusal('importTooMuchText', { max: limits.maxTextChars });
      while (cells.length < first + c) cells.push('');
      cells.push(text);
      end = cells.length;
    }
    if (end === first) continue;
    starts.push(end);
    rowNumbers.push(r + 1);
    cellCount += end - first;
    if (++rowCount > limits.maxRows) throw new Refusal('importTooManyRows', { max: limits.maxRows - 1 });
    if (cellCount > limits.maxCells) throw new Refusal('importTooManyCells', { max: limits.maxCells });
    if (rowNumbers.length === SLICE_ROWS || sliceChars >= SLICE_CHARS) flush();
  }
  flush();
  for (const slice of slices) parentPort.postMessage({ slice });
  return { sheetName: name === undefined ? '' : name };
}

function write(task) {
  const book = XLSX.utils.book_new();
  for (const spec of task.sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(spec.rows, { dense: true });
    if (spec.widths) sheet['!cols'] = spec.widths.map(function (w) { return { wch: w }; });
    XLSX.utils.book_append_sheet(book, sheet, spec.name);
  }
  const out = XLSX.write(book, { type: 'buffer', bookType: task.bookType, compression: true });
  const bytes = new Uint8Array(out.length);
  bytes.set(out);
  return bytes;
}

try {
  const task = workerData.task;
  if (task.kind === 'read') parentPort.postMessage({ ok: true, result: read(task) });
  else {
    const bytes = write(task);
    parentPort.postMessage({ ok: true, result: bytes }, [bytes.buffer]);
  }
} catch (err) {
  if (err instanceof Refusal) parentPort.postMessage({ ok: false, key: err.key, params: err.params });
  else parentPort.postMessage({ ok: false, key: 'importUnreadable', params: {}, detail: String(err && err.stack || err) });
}
`;
