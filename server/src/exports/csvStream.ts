import type { SheetCell } from './xlsxStream.ts';

/** Starts that a spreadsheet would read as a formula (OWASP, CSV injection): such a text gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: a number as it is, a text always quoted (quotes doubled), with `'` before a formula start. */
export function csvField(value: SheetCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = String(value);
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
}

const csvLine = (cells: SheetCell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A CSV file (RFC 4180, CRLF line ends) of a header row of titles and the rows, written as the rows
 * arrive. It starts with a UTF-8 byte order mark: without it Excel reads the file in the local code
 * page and garbles Chinese.
 */
export async function* csvPieces(titles: string[], rows: AsyncIterable<SheetCell[][]>): AsyncGenerator<Uint8Array> {
  let text = `\uFEFF${csvLine(titles)}`;
  for await (const chunk of rows) {
    for (const cells of chunk) text += csvLine(cells);
    yield Buffer.from(text, 'utf8');
    text = '';
  }
  if (text !== '') yield Buffer.from(text, 'utf8');
}
