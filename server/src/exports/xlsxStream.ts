import { zipPieces } from './zipStream.ts';

/** A cell of an exported sheet: text, a number, or nothing. */
export type SheetCell = string | number | null;

export interface SheetColumn {
  title: string;
  /** width in characters */
  width: number;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function fixedParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

/**
 * Text as XML character data. Characters XML cannot carry (controls, U+FFFE/U+FFFF) are written as
 * OOXML's `_xHHHH_`, and a literal `_xHHHH_` in the text keeps its underscore as `_x005F_`, so that
 * readers give back the text as it was.
 */
function escapeXml(text: string): string {
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(/\r/g, '&#13;');
}

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** One `<row>`: numbers as numbers, text as inline strings (never formulas: `=1+1` stays the text `=1+1`). */
function rowXml(rowNumber: number, cells: SheetCell[], letters: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined) continue;
    const ref = `${letters[i]}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) {
      xml += `<c r="${ref}"><v>${value}</v></c>`;
    } else {
      const text = String(value);
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

/** The sheet's XML: the column widths, a header row of titles, then the rows as they arrive. */
async function* sheetXml(columns: SheetColumn[], rows: AsyncIterable<SheetCell[][]>): AsyncGenerator<Uint8Array> {
  const letters = columns.map((_, i) => columnLetters(i));
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><cols>${widths}</cols><sheetData>`;
  xml += rowXml(
    1,
    columns.map((c) => c.title),
    letters,
  );
  let rowNumber = 2;
  for await (const chunk of rows) {
    for (const cells of chunk) xml += rowXml(rowNumber++, cells, letters);
    yield Buffer.from(xml, 'utf8');
    xml = '';
  }
  yield Buffer.from(`${xml}</sheetData></worksheet>`, 'utf8');
}

/**
 * An .xlsx workbook of one sheet (a header row of titles, then the rows), written piece by piece as the
 * rows arrive: a minimal SpreadsheetML package in a streamed zip, so that memory stays flat whatever the
 * number of rows, and the compression runs off the event loop (node:zlib).
 */
export function xlsxPieces(sheetName: string, columns: SheetColumn[], rows: AsyncIterable<SheetCell[][]>): AsyncGenerator<Uint8Array> {
  const fixed = fixedParts(sheetName).map(([name, text]) => ({ name, content: [Buffer.from(text, 'utf8')] }));
  return zipPieces([...fixed, { name: 'xl/worksheets/sheet1.xml', content: sheetXml(columns, rows) }]);
}
