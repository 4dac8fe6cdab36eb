import { badRequest } from '../http/errors.ts';
import type { SheetRows, SheetSpec } from './sheetReader.ts';
import { EventLoopTurns } from './turns.ts';

/**
 * The two import sheets. The downloadable templates, the parser and the export are all built from
 * these definitions, so that a template always parses and an export always re-imports.
 */
export interface SheetColumn {
  key: string;
  /** the header text of the template */
  title: string;
  /** other header texts accepted for the column (compared without spaces, case-insensitively) */
  aliases: string[];
  required?: boolean;
  width: number;
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export const QUESTION_COLUMNS: SheetColumn[] = [
  { key: 'type', title: '题型', aliases: ['题目类型', 'type'], width: 8 },
  { key: 'stem', title: '题干', aliases: ['题目', '题目内容', 'stem', 'question'], required: true, width: 50 },
  ...OPTION_LETTERS.map((l) => ({ key: l, title: `选项${l}`, aliases: [l, `option${l}`, `选项${l.toLowerCase()}`], width: 20 })),
  { key: 'answer', title: '正确答案', aliases: ['答案', 'answer'], required: true, width: 10 },
  { key: 'explanation', title: '解析', aliases: ['答案解析', '题目解析', 'explanation'], width: 40 },
];

export const CATEGORY_COLUMNS: SheetColumn[] = [
  { key: 'name', title: '分类名称', aliases: ['分类', '名称', 'name'], required: true, width: 24 },
  { key: 'parent', title: '上级分类', aliases: ['父级分类', 'parent'], width: 24 },
  { key: 'sortNum', title: '排序', aliases: ['sort', 'sortnum'], width: 8 },
  { key: 'isUp', title: '是否上架', aliases: ['上架', 'isup'], width: 10 },
];

export type SheetKind = 'question' | 'category';

export const columnsOf = (kind: SheetKind) => (kind === 'question' ? QUESTION_COLUMNS : CATEGORY_COLUMNS);

const normalizeHeader = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s*＊:：]/g, '')
    .toLowerCase();

/** A data row of the sheet: its row number and its cells by column key. */
export class SheetRecord {
  constructor(
    readonly row: number,
    /** cells in the order of the column definitions */
    private readonly values: string[],
    private readonly positions: Map<string, number>,
  ) {}

  /** The text of a column, '' when empty or absent. */
  get(key: string): string {
    const i = this.positions.get(key);
    return i === undefined ? '' : (this.values[i] ?? '');
  }
}

/** The header rows of a sheet may sit under a title: it is the first of these rows that names a required column. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Finds the header row and answers the data rows below it, keyed by column. Header texts are only
 * compared with the known titles (a Map, never an object), so a header such as __proto__ is just unknown.
 */
export async function recordsOf(sheet: SheetRows, kind: SheetKind, turns = new EventLoopTurns()): Promise<SheetRecord[]> {
  const columns = columnsOf(kind);
  const byHeader = new Map<string, SheetColumn>();
  for (const c of columns) for (const name of [c.title, ...c.aliases]) byHeader.set(normalizeHeader(name), c);
  const required = columns.filter((c) => c.required);
  const positions = new Map(columns.map((c, i) => [c.key, i]));

  for (let h = 0; h < Math.min(HEADER_SEARCH_ROWS, sheet.rowCount); h++) {
    // sheet column index -> position of the column definition
    const found = new Map<number, number>();
    let duplicate: SheetColumn | undefined;
    for (const [index, text] of sheet.row(h).entries()) {
      const column = byHeader.get(normalizeHeader(text));
      if (!column) continue;
      const position = positions.get(column.key)!;
      if ([...found.values()].includes(position)) duplicate ??= column;
      else found.set(index, position);
    }
    const named = new Set(found.values());
    if (!required.every((c) => named.has(positions.get(c.key)!))) continue;
    if (duplicate) throw badRequest('importDuplicateColumn', { column: duplicate.title });
    const mapped = [...found];
    const records: SheetRecord[] = [];
    for (let r = h + 1; r < sheet.rowCount; r++) {
      if (turns.due()) await turns.turn();
      const values: string[] = new Array(columns.length).fill('');
      let any = false;
      for (const [index, position] of mapped) {
        const text = sheet.cell(r, index);
        if (text !== '') {
          values[position] = text;
          any = true;
        }
      }
      // a row with text only in unknown columns is not a question
      if (any) records.push(new SheetRecord(sheet.rowNumbers[r]!, values, positions));
    }
    return records;
  }
  throw badRequest('importNoHeader', { columns: required.map((c) => c.title).join('、') });
}

const QUESTION_NOTES: string[][] = [
  ['题目导入说明'],
  ['1. 在“题目”工作表的表头下逐行填写，一行一道题；表头不要修改，只读取第一个工作表。'],
  ['2. 题干、正确答案必填；至少填两个选项，从选项A开始连续填写，最多到选项F。'],
  ['3. 正确答案填选项字母：单选如 A，多选如 ACD（字母不重复，只能是已填写的选项）。'],
  ['4. 判断题：题型填“判断”，选项A填“正确”、选项B填“错误”（可留空，自动补上），正确答案填 A 或 B（也可填“正确”“错误”）。'],
  ['5. 题型可留空：单选只能有一个答案，多选至少两个答案。解析选填。'],
  ['6. 同一分类下题干相同的题目视为已存在，导入时跳过；任一行有误则整个文件不导入，并列出出错的行号。'],
  [],
  ['示例'],
];

const QUESTION_EXAMPLES: string[][] = [
  ['单选', '驾驶机动车在道路上遇到红灯时应当怎样做？', '停车等待', '加速通过', '鸣笛通过', '', '', '', 'A', '红灯表示禁止通行。'],
  ['多选', '下列哪些是交通信号灯的颜色？', '红色', '紫色', '黄色', '绿色', '', '', 'ACD', '交通信号灯由红灯、绿灯、黄灯组成。'],
  ['判断', '绿灯亮时，准许车辆通行。', '正确', '错误', '', '', '', '', 'A', ''],
];

const CATEGORY_NOTES: string[][] = [
  ['分类导入说明'],
  ['1. 在“分类”工作表的表头下逐行填写，一行一个分类；只读取第一个工作表。'],
  ['2. 分类名称必填，最多 100 个字。'],
  ['3. 上级分类选填：填同一文件中或该科目下已有分类的名称；留空为顶级分类。'],
  ['4. 排序选填，整数，越小越靠前（默认 0）；是否上架选填，填“是”或“否”（默认 是）。'],
  ['5. 该科目下同一上级中名称相同的分类视为已存在，导入时跳过；任一行有误则整个文件不导入。'],
  [],
  ['示例'],
];

const CATEGORY_EXAMPLES: string[][] = [
  ['交通信号', '', '1', '是'],
  ['信号灯', '交通信号', '1', '是'],
  ['交通标志', '', '2', '否'],
];

/** The template workbook: the sheet to fill (header only) and a sheet of notes with examples. */
export function templateSheets(kind: SheetKind): SheetSpec[] {
  const columns = columnsOf(kind);
  const header = columns.map((c) => c.title);
  const widths = columns.map((c) => c.width);
  const notes = kind === 'question' ? QUESTION_NOTES : CATEGORY_NOTES;
  const examples = kind === 'question' ? QUESTION_EXAMPLES : CATEGORY_EXAMPLES;
  return [
    { name: kind === 'question' ? '题目' : '分类', rows: [header], widths },
    { name: '填写说明', rows: [...notes, header, ...examples], widths },
  ];
}

export const templateFileName = (kind: SheetKind) => (kind === 'question' ? '题目导入模板' : '分类导入模板');
