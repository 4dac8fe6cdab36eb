import type { RegisteredTable } from '../schema/types.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { SheetSpec } from './sheetReader.ts';
import { headerText, type ImportColumn, importColumns } from './tableColumns.ts';

/**
 * The template of a table's import, generated from the registry: the sheet to fill (a header of both titles, a * on
 * the columns that must be filled) and a sheet of notes, one line per column. In an .xlsx every enumeration column
 * gets a list validation of its labels (withListValidations); the .xls lists them in the notes only.
 */

type Lang = 'zh' | 'en';

const TYPE_TEXT: Record<string, [string, string]> = {
  int: ['整数', 'integer'],
  float: ['数字', 'number'],
  money: ['金额，最多两位小数', 'amount, at most 2 decimals'],
  datetime: ['日期时间，如 2026-11-26 或 2026-11-26 08:30:00', 'date and time, e.g. 2026-11-26 or 2026-11-26 08:30:00'],
  nvarchar: ['文本', 'text'],
  ntext: ['长文本', 'long text'],
  image: ['图片地址', 'image path'],
};

const say = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

/** What a column takes, as the notes sheet says it. */
function columnNote(c: ImportColumn, registry: TableRegistry, lang: Lang): string {
  const column = c.column;
  if (c.matchOnly)
    return say(
      lang,
      '编号由系统生成：留空为新增；填写已有的编号则按去重方式跳过或更新该行',
      'numbered by the system: empty adds a row; an existing number skips or updates that row',
    );
  if (column.enum?.length) {
    const labels = column.enum.map((e) => (lang === 'zh' ? e.label.zh : e.label.en)).join(lang === 'zh' ? '、' : ', ');
    return say(
      lang,
      `填写其中之一：${labels}${column.list ? '（可多选，用逗号分隔）' : ''}`,
      `one of: ${labels}${column.list ? ' (several, comma-separated)' : ''}`,
    );
  }
  if (column.references && registry.has(column.references)) {
    const target = registry.get(column.references);
    const label = target.columns.get(column.labelColumn ?? 'name')?.title ?? { zh: column.labelColumn ?? 'name', en: column.labelColumn ?? 'name' };
    const [title, labelTitle] = lang === 'zh' ? [target.title.zh, label.zh] : [target.title.en, label.en];
    return say(lang, `填写“${title}”中已有数据的${labelTitle}`, `the ${labelTitle} of an existing row of "${title}"`);
  }
  const [zh, en] = TYPE_TEXT[column.type] ?? ['文本', 'text'];
  const length = column.type === 'nvarchar' ? say(lang, `，最多 ${column.length ?? 50} 个字`, `, at most ${column.length ?? 50} characters`) : '';
  return say(lang, zh, en) + length;
}

export function tableTemplateSheets(table: RegisteredTable, registry: TableRegistry, lang: Lang): SheetSpec[] {
  const columns = importColumns(table);
  const header = columns.map(headerText);
  const widths = columns.map((c) => Math.min(40, Math.max(12, [...headerText(c)].length + 4)));
  const yes = say(lang, '是', 'yes');
  const notes: string[][] = [
    [say(lang, `${table.title.zh} 导入说明`, `Import into ${table.title.en}`)],
    [
      say(
        lang,
        '1. 在第一个工作表的表头下逐行填写，一行一条数据；表头不要修改，只读取第一个工作表。',
        '1. Fill one row per record under the header of the first sheet; keep the header as it is. Only the first sheet is read.',
      ),
    ],
    [
      say(
        lang,
        '2. 带 * 的列必填（新增时）；空单元格不写入：新增时取默认值，更新时保持原值。',
        '2. Columns marked * are required (to add a row); an empty cell is not written: the default on insert, unchanged on update.',
      ),
    ],
    [
      say(
        lang,
        '3. 任一行有误则整个文件不导入，并列出出错的行号和列。',
        '3. If any row is invalid, nothing from the file is imported; the problems are listed by row and column.',
      ),
    ],
    [],
    [say(lang, '列', 'Column'), say(lang, '字段名', 'Name'), say(lang, '必填', 'Required'), say(lang, '填写内容', 'What to fill in')],
    ...columns.map((c, i) => [header[i]!.replace(/^\*/, ''), c.column.name, c.required ? yes : '', columnNote(c, registry, lang)]),
  ];
  return [
    { name: sheetName(lang === 'zh' ? table.title.zh : table.title.en), rows: [header], widths },
    { name: say(lang, '填写说明', 'Notes'), rows: notes, widths: [24, 16, 8, 70] },
  ];
}

/** A sheet name Excel takes: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  const name = title
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return name === '' || name === 'Notes' || name === '填写说明' ? 'Data' : name;
}

/** The enumeration columns of the template: where their list validation goes (A1-style column letters) and its labels. */
export function listValidations(table: RegisteredTable, lang: Lang): { column: string; labels: string[] }[] {
  return importColumns(table).flatMap((c, i) =>
    c.column.enum?.length && !c.column.list ? [{ column: columnLetter(i), labels: c.column.enum.map((e) => (lang === 'zh' ? e.label.zh : e.label.en)) }] : [],
  );
}

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** rows of the sheet the validations cover below the header */
const VALIDATED_ROWS = 10_000;
const WORKSHEET_PARTS_AFTER = [
  '<hyperlinks',
  '<printOptions',
  '<pageMargins',
  '<pageSetup',
  '<headerFooter',
  '<drawing',
  '<legacyDrawing',
  '<tableParts',
  '<extLst',
  '</worksheet>',
];

/**
 * An .xlsx written by SheetJS (whose free edition writes no data validation) with a list validation on each
 * enumeration column of the first sheet: a dropdown of the labels in Excel, WPS and LibreOffice. A list longer than
 * Excel's 255 characters of inline text is left to the notes.
 */
export async function withListValidations(xlsx: Buffer, validations: { column: string; labels: string[] }[]): Promise<Buffer> {
  const inline = validations.filter((v) => v.labels.join(',').length <= 250 && v.labels.every((l) => !l.includes(',') && !l.includes('"')));
  if (inline.length === 0) return xlsx;
  const { default: XLSX } = await import('@e965/xlsx');
  const zip = XLSX.CFB.read(xlsx, { type: 'buffer' });
  const entry = XLSX.CFB.find(zip, '/xl/worksheets/sheet1.xml');
  if (!entry?.content) return xlsx;
  const xml = Buffer.from(entry.content as Uint8Array).toString('utf8');
  const rules = inline
    .map(
      (v) =>
        `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${v.column}2:${v.column}${VALIDATED_ROWS + 1}">` +
        `<formula1>"${escapeXml(v.labels.join(','))}"</formula1></dataValidation>`,
    )
    .join('');
  const block = `<dataValidations count="${inline.length}">${rules}</dataValidations>`;
  const at = Math.min(...WORKSHEET_PARTS_AFTER.map((tag) => xml.indexOf(tag)).filter((i) => i >= 0));
  const patched = xml.slice(0, at) + block + xml.slice(at);
  entry.content = Buffer.from(patched, 'utf8');
  entry.size = entry.content.length;
  return Buffer.from(XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Uint8Array);
}
