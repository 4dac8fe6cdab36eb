// The corpus of spreadsheet bombs (docs/security.md "Spreadsheets that expand"): each an .xlsx of a few hundred KB
// with a valid header, whose one crafted part expands while it is read. Generated here, never stored: a part is given
// as texts and runs of one text repeated, deflated run by run without ever being held unpacked.
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { SHEET_LIMITS } from '../src/import/sheetReader.ts';
import { type ZipEntry, zipOf } from './import-fixtures.ts';

/** A piece of a part: a text, or one text repeated `times` times. */
export type Piece = string | { repeat: string; times: number };

const FLUSH = { finishFlush: zlib.constants.Z_FULL_FLUSH };
/** unpacked bytes per deflated block of a run: one block serves a run of any length */
const BLOCK_BYTES = 1 << 20;

/** The part as one deflate stream, from its pieces; a run of a million copies costs one block deflated once. */
function deflatePieces(pieces: Piece[]): ZipEntry & { size: number } {
  const out: Buffer[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      const bytes = Buffer.from(piece, 'utf8');
      out.push(zlib.deflateRawSync(bytes, FLUSH));
      size += bytes.length;
      continue;
    }
    const unit = Buffer.from(piece.repeat, 'utf8');
    const perBlock = Math.max(1, Math.floor(BLOCK_BYTES / unit.length));
    const full = Math.floor(piece.times / perBlock);
    if (full > 0) {
      const block = zlib.deflateRawSync(Buffer.alloc(unit.length * perBlock).fill(unit), { level: 9, ...FLUSH });
      for (let i = 0; i < full; i++) out.push(block);
    }
    const rest = piece.times - full * perBlock;
    if (rest > 0) out.push(zlib.deflateRawSync(Buffer.alloc(unit.length * rest).fill(unit), FLUSH));
    size += unit.length * piece.times;
  }
  // the final (empty) block of the stream
  out.push(Buffer.from([0x03, 0x00]));
  return { name: '', deflated: Buffer.concat(out), size, crc: 0 };
}

/**
 * An .xlsx of `rows` (written by SheetJS with a shared-strings part), whose parts named in `parts` are replaced by the
 * pieces their function makes of the original XML. The sizes declared in the zip are the real ones modulo 2^32, the
 * checksums zero: SheetJS checks neither.
 */
export function craftedXlsx(rows: string[][], parts: Record<string, (xml: string) => Piece[]>): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const base = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }), { type: 'buffer' });
  const entries: ZipEntry[] = [];
  base.FullPaths.forEach((path: string, i: number) => {
    const file = base.FileIndex[i]!;
    if (file.type !== 2) return;
    const name = path.replace(/^[^/]*\//, '');
    const content = Buffer.from(file.content as Uint8Array);
    const craft = parts[name];
    if (craft) entries.push({ ...deflatePieces(craft(content.toString('utf8'))), name });
    else entries.push({ name, deflated: zlib.deflateRawSync(content), size: content.length, crc: zlib.crc32(content) });
  });
  for (const name of Object.keys(parts)) if (!entries.some((e) => e.name === name)) throw new Error(`no part ${name} to craft`);
  return zipOf(entries);
}

/** The text `marker` of the XML split around: what comes before it, and after. */
function around(xml: string, marker: string): [string, string] {
  const at = xml.indexOf(marker);
  if (at < 0) throw new Error(`${marker} is not in the part`);
  return [xml.slice(0, at), xml.slice(at + marker.length)];
}

const MARK = 'BOMB';
const SHEET = 'xl/worksheets/sheet1.xml';
const STRINGS = 'xl/sharedStrings.xml';

/** The header, then one data row: `sample` with its first cell the marker the bomb replaces. */
const rowsOf = (header: string[], sample: string[]) => [header, [MARK, ...sample.slice(1)]];

/** The sheet's data rows replaced: the header row stays, the rest of sheetData is the pieces. */
function sheetData(xml: string, pieces: Piece[]): Piece[] {
  const start = xml.indexOf('<row r="2"');
  const end = xml.indexOf('</sheetData>');
  if (start < 0 || end < 0) throw new Error('no second row to replace');
  return [xml.slice(0, start), ...pieces, xml.slice(end)];
}

/**
 * 'full': the bomb as named. 'least': the same crafted part just over the bound that refuses it (SHEET_LIMITS), which
 * the reader refuses with the same answer at a fraction of the cost; a route that read with a looser bound would take
 * it where it still refuses the full one.
 */
export type BombSize = 'full' | 'least';

export interface Bomb {
  name: string;
  /** the file, under a header the route reads; `sample` is a valid data row of that header */
  file(header: string[], sample: string[], size?: BombSize): Buffer;
}

const L = SHEET_LIMITS;

/**
 * The corpus. Each is refused by a bound of the reader; without it, each costs the worker (or the main thread, once
 * the rows cross) hundreds of MB or many seconds.
 */
export const BOMBS: Bomb[] = [
  {
    name: 'a 150,000,000-character cell in the shared strings',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [STRINGS]: (xml) => [around(xml, MARK)[0], { repeat: 'A', times: size === 'full' ? 150_000_000 : L.maxXmlRunBytes + 1024 }, around(xml, MARK)[1]],
      }),
  },
  {
    name: 'a 150,000,000-character inline string cell',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [SHEET]: (xml) =>
          sheetData(xml, [
            '<row r="2"><c r="A2" t="inlineStr"><is><t>',
            { repeat: 'A', times: size === 'full' ? 150_000_000 : L.maxXmlRunBytes + 1024 },
            '</t></is></c></row>',
          ]),
      }),
  },
  {
    name: '10,000,000 cells in 20,000 rows',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [SHEET]: (xml) =>
          sheetData(xml, [{ repeat: `<row>${'<c><v>1</v></c>'.repeat(500)}</row>`, times: size === 'full' ? 20_000 : Math.ceil(L.maxCells / 500) + 1 }]),
      }),
  },
  {
    name: 'XML nested 5,000,000 deep',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [SHEET]: (xml) =>
          sheetData(xml, [
            '<row r="2"><c r="A2" t="inlineStr"><is>',
            { repeat: '<r>', times: size === 'full' ? 5_000_000 : L.maxXmlDepth + 10 },
            { repeat: '</r>', times: size === 'full' ? 5_000_000 : L.maxXmlDepth + 10 },
            '</is></c></row>',
          ]),
      }),
  },
  {
    name: 'a declared dimension of A1:XFD1048576 with a cell at its far corner',
    file: (header, sample) =>
      craftedXlsx(rowsOf(header, sample), {
        [SHEET]: (xml) => {
          const patched = xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>');
          if (patched === xml) throw new Error('no dimension to patch');
          return sheetData(patched, ['<row r="1048576"><c r="XFD1048576" t="n"><v>1</v></c></row>']);
        },
      }),
  },
  {
    name: 'a zip bomb: the sheet unpacks to 4 GB',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [SHEET]: (xml) => sheetData(xml, [{ repeat: ' ', times: size === 'full' ? 4 * 1024 * 1024 * 1024 : L.maxUnzippedBytes + (1 << 20) }]),
      }),
  },
  {
    name: '5,000,000 shared strings',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [STRINGS]: (xml) => [
          around(xml, '<si>')[0],
          { repeat: '<si><t>x</t></si>', times: size === 'full' ? 5_000_000 : L.maxCells + 100 },
          '<si>',
          around(xml, '<si>')[1],
        ],
      }),
  },
  {
    name: 'one 30,000-character shared string in 200,000 cells',
    file: (header, sample, size = 'full') =>
      craftedXlsx(rowsOf(header, sample), {
        [STRINGS]: (xml) => [around(xml, MARK)[0], { repeat: 'A', times: 30_000 }, around(xml, MARK)[1]],
        // least: two cells a row, 100 rows more than the text bound needs
        [SHEET]: (xml) =>
          sheetData(xml, [
            {
              repeat: `<row><c t="s"><v>${header.length}</v></c><c t="s"><v>${header.length}</v></c></row>`,
              times: size === 'full' ? 100_000 : Math.ceil(L.maxTextChars / 30_000 / 2) + 100,
            },
          ]),
      }),
  },
];
