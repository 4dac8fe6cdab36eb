import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { api, apiLogin, ROOT_DIR, uiLogin } from './harness.mjs';
import { closeDropdown, gone, useBrowser, visible } from './support.ts';

/** An import's end (written or refused) under a loaded CI machine: one file at a time, each parsed in a worker (CI saw
 * the refusal of a bad file beside a good one shown after 10 s). Its stages in between are read as they pass. */
const IMPORT_DONE = 30_000;

/**
 * The spreadsheet import through its dialogs (web/src/import), against the real server: question import
 * (validation, refused file type, stages of the confirm button, one file at a time, result panels,
 * re-import skipped, a refused file writes nothing), category import, templates and export.
 * `IMPORT_SCREENSHOTS=1` also writes docs/screenshots/import-*.png.
 */
const base = inject('baseUrl');
const b = useBrowser();
let token: string;
const SHOTS = process.env.IMPORT_SCREENSHOTS === '1';
const run = Date.now() % 100000;

type Row = Record<string, unknown> & { id: number };
type File = { name: string; mimeType: string; buffer: Buffer };

const QUESTION_HEADER = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '正确答案', '解析'];

function workbook(rows: unknown[][], name: string, bookType: 'xls' | 'xlsx' = 'xls'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const mimeType = bookType === 'xls' ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return { name, mimeType, buffer: XLSX.write(book, { type: 'buffer', bookType }) as Buffer };
}

const goodQuestions = (tag: string, name = `交规基础${run}.xls`, bookType: 'xls' | 'xlsx' = 'xls') =>
  workbook(
    [
      QUESTION_HEADER,
      ['单选', `${tag}：红灯亮时应当？`, '停车等待', '加速通过', '鸣笛', '', 'A', '红灯停'],
      ['多选', `${tag}：哪些属于交通信号？`, '信号灯', '交通标志', '交通标线', '广告牌', 'ABC', ''],
      ['判断', `${tag}：酒后可以驾驶机动车。`, '正确', '错误', '', '', 'B', '严禁酒驾'],
    ],
    name,
    bookType,
  );

async function selectApi(flag: string, wheres: Record<string, unknown>): Promise<Row[]> {
  const answer = await api(base, token, `/api/select/?_flag=${flag}&row=1000&wheres=${encodeURIComponent(JSON.stringify(wheres))}`);
  expect(answer.status).toBe(200);
  return answer.body!.data as Row[];
}

async function save(flag: string, params: Record<string, unknown>): Promise<number> {
  const answer = await api(base, token, '/api/action/save/', { method: 'POST', body: { _flag: flag, params } });
  expect(answer.status).toBe(200);
  return (answer.body!.data as { id: number }).id;
}

const dialog = (page: Page, kind: 'question' | 'category' | 'export') =>
  page
    .locator(`.ant-modal:visible`)
    .filter({ has: page.locator(kind === 'export' ? '.qb-export-dialog, [data-testid="export-submit"]' : `[data-testid="import-submit"]`) });
const submit = (page: Page) => page.getByTestId('import-submit');
const result = (page: Page, index: number) => page.getByTestId(`import-result-${index}`);

async function chooseSubject(page: Page, form: Locator, label: string, name: string) {
  await form.getByLabel(label).click();
  await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: name }).first().click();
  await closeDropdown(page);
}

async function chooseCategory(page: Page, form: Locator, label: string, name: string) {
  await form.getByLabel(label).click();
  await form.getByLabel(label).pressSequentially(name); // the search opens the branches that hold it
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: name }).first().click();
}

async function upload(form: Locator, files: File[]) {
  await form.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(files);
  for (const f of files) await visible(form.locator('.ant-upload-list-item-done', { hasText: f.name }));
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const dir = join(ROOT_DIR, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400); // toasts and transitions settle
  await page.screenshot({ path: join(dir, `import-${name}.png`) });
}

/** Each call of the import endpoints with its start and end, to check that files go one at a time. */
function recordCalls(page: Page, path: string) {
  const calls: { body: Record<string, unknown>; start: number; end?: number }[] = [];
  page.on('request', (r) => {
    if (r.url().includes(path)) calls.push({ body: JSON.parse(r.postData() ?? '{}'), start: Date.now() });
  });
  page.on('requestfinished', (r) => {
    if (!r.url().includes(path)) return;
    const body = JSON.stringify(JSON.parse(r.postData() ?? '{}'));
    const call = calls.find((c) => !c.end && JSON.stringify(c.body) === body);
    if (call) call.end = Date.now();
  });
  return calls;
}

/** Slows a route down so the stage of the confirm button can be seen. */
async function slow(page: Page, path: string, ms: number) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

let subjectId: number;
let categoryId: number;
const subjectName = `E2E导入科目${run}`;
const categoryName = `E2E导入分类${run}`;

beforeAll(async () => {
  token = await apiLogin(base);
  subjectId = await save('questionsClass', { name: subjectName, parentId: 0, isUp: 1, sortNum: 0 });
  categoryId = await save('questionsSmallClass', { name: categoryName, subjectId, parentId: 0, isUp: 1, sortNum: 0 });
});

describe('question import', () => {
  it('validates, refuses other file types, imports one file at a time with stages and results, skips a re-import, and writes nothing from a bad file', async () => {
    const { page } = b;
    await uiLogin(page, base);
    await page.goto(`${base}/manage/questionBank`);
    await page.getByTestId('toolbar-import').click();
    const form = dialog(page, 'question');
    await visible(form.getByText('导入题目'));

    // SPEC.md §5 messages
    await submit(page).click();
    await visible(form.getByText('请选择题目科目'));
    await visible(form.getByText('请选择题目分类'));
    await visible(form.getByText('请上传模板文件'));

    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/api/action/upload/') && uploads.push(r.url()));
    await form.locator('[data-testid="import-upload"] input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await visible(page.getByText('请上传 xls 文件（也支持 xlsx 和 csv）'));
    expect(uploads).toEqual([]);

    await chooseSubject(page, form, '题目科目', subjectName);
    await chooseCategory(page, form, '题目分类', categoryName);
    const good = goodQuestions('第一次');
    await upload(form, [good]);
    expect(uploads).toHaveLength(1);
    await gone(form.getByText('请上传模板文件'));

    // the button shows each stage (the calls are slowed down so that a person could read them)
    await slow(page, '/api/coustomApi/selectAddTypes/', 600);
    await slow(page, '/api/action/import/', 600);
    const imports = recordCalls(page, '/api/action/import/');
    const adds = recordCalls(page, '/api/coustomApi/selectAddTypes/');
    await submit(page).click();
    await visible(submit(page).getByText('正在添加分类...'));
    await visible(submit(page).getByText('正在导入...'));
    await visible(submit(page).getByText('导入成功'), IMPORT_DONE);
    await visible(page.locator('.ant-message').getByText('导入成功'));
    expect(adds[0]!.body).toEqual({ parentId: subjectId, typeId: categoryId, fileName: `交规基础${run}` });

    // one category per file, below the chosen one
    const [fileCategory] = await selectApi('questionsSmallClass', { subjectId, parentId: categoryId, name: `交规基础${run}` });
    expect(fileCategory).toBeDefined();
    expect(imports.map((c) => c.body)).toEqual([
      { fileUrl: expect.stringMatching(/^\/api\/file\/\d{6}\/[0-9a-f]+\.xls$/), parentId: subjectId, typeId: fileCategory!.id, tableName: 'questionBank' },
    ]);
    await expect.poll(() => result(page, 0).getAttribute('data-state')).toBe('imported');
    expect(await result(page, 0).getByTestId('import-count-inserted').innerText()).toMatch(/新增\s*3/);
    expect(await result(page, 0).getByTestId('import-count-skipped').innerText()).toMatch(/跳过\s*0/);
    await visible(result(page, 0).getByText(`导入到分类：交规基础${run}`));
    await shot(page, 'question-zh');

    const rows = await selectApi('questionBank', { typeId: fileCategory!.id });
    expect(rows.map((r) => [r.name, r.correctOptions, r.parentId])).toEqual([
      ['第一次：红灯亮时应当？', 'A', subjectId],
      ['第一次：哪些属于交通信号？', 'ABC', subjectId],
      ['第一次：酒后可以驾驶机动车。', 'B', subjectId],
    ]);
    expect(JSON.parse(String(rows[2]!.options))).toEqual(['正确', '错误']);
    // the question list reloaded behind the dialog
    await page.getByTestId('import-cancel').click();
    await gone(form);
    await visible(page.locator('.qb-crud:visible .ant-table-tbody').getByText('第一次：红灯亮时应当？'));

    // the same file again: nothing doubled
    await page.getByTestId('toolbar-import').click();
    const again = dialog(page, 'question');
    await chooseSubject(page, again, '题目科目', subjectName);
    await chooseCategory(page, again, '题目分类', categoryName);
    await upload(again, [good]);
    await submit(page).click();
    await visible(submit(page).getByText('导入成功'), IMPORT_DONE);
    expect(await result(page, 0).getByTestId('import-count-inserted').innerText()).toMatch(/新增\s*0/);
    expect(await result(page, 0).getByTestId('import-count-skipped').innerText()).toMatch(/跳过\s*3/);
    expect(await selectApi('questionBank', { typeId: fileCategory!.id })).toHaveLength(3);

    // a bad file beside a good one: the good one is written, the bad one not at all; strictly one at a time
    await again.locator('.ant-upload-list-item').getByRole('button').first().click(); // remove the first file
    await visible(submit(page).getByText(/^确\s*定$/));
    const bad = workbook(
      [
        QUESTION_HEADER,
        ['单选', '没有问题的一行', '甲', '乙', '', '', 'A', ''],
        ['单选', '', '甲', '乙', '', '', 'A', ''],
        ['单选', '答案不在选项里', '甲', '乙', '', '', 'D', ''],
      ],
      `坏文件${run}.xls`,
    );
    await upload(again, [bad, goodQuestions('第二章', `第二章${run}.xlsx`, 'xlsx')]);
    await submit(page).click();
    await visible(submit(page).getByText('1 个文件未导入，重试'), IMPORT_DONE);
    await expect.poll(() => result(page, 0).getAttribute('data-state')).toBe('refused');
    expect(await result(page, 1).getAttribute('data-state')).toBe('imported');
    const problems = result(page, 0).getByTestId('import-problems');
    await visible(problems.getByText('缺少题干'));
    await visible(problems.getByText('正确答案 D 没有对应的选项'));
    expect(await problems.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts()).toEqual(['3', '4']);
    expect(await result(page, 0).getByTestId('import-count-rejected').innerText()).toMatch(/有误\s*2/);
    await visible(page.locator('.ant-message').getByText('导入完成：1 个文件未导入，请查看导入结果'));
    await visible(result(page, 0).getByTestId('import-category-removed'));
    await shot(page, 'question-problems-zh');

    // nothing of the bad file stays: not its questions, not the category this run created for it
    expect(await selectApi('questionsSmallClass', { subjectId, parentId: categoryId, name: `坏文件${run}` })).toEqual([]);
    const badCategoryId = imports.at(-2)!.body.typeId;
    expect(await selectApi('questionBank', { typeId: badCategoryId })).toEqual([]);
    const [secondCategory] = await selectApi('questionsSmallClass', { subjectId, parentId: categoryId, name: `第二章${run}` });
    expect(await selectApi('questionBank', { typeId: secondCategory!.id })).toHaveLength(3);
    const lastTwo = imports.slice(-2);
    expect(lastTwo.map((c) => c.body.typeId)).toEqual([badCategoryId, secondCategory!.id]);
    expect(lastTwo[1]!.start).toBeGreaterThanOrEqual(lastTwo[0]!.end!);
  });

  it('downloads both templates with the session header, and exports a category as .xlsx that matches the import', async () => {
    const { page } = b;
    await uiLogin(page, base);
    await page.goto(`${base}/manage/questionBank`);
    await page.getByTestId('toolbar-import').click();
    const form = dialog(page, 'question');
    for (const format of ['xls', 'xlsx'] as const) {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), form.getByTestId(`import-template-${format}`).click()]);
      expect(download.suggestedFilename()).toBe(`题目导入模板.${format}`);
      const book = XLSX.read(await streamToBuffer(await download.createReadStream()));
      const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0];
      expect(header).toEqual(['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '解析']);
    }
    await page.getByTestId('import-cancel').click();
    await gone(form);

    const [fileCategory] = await selectApi('questionsSmallClass', { subjectId, parentId: categoryId, name: `交规基础${run}` });
    await page.getByTestId('toolbar-export-questions').click();
    const exportForm = dialog(page, 'export');
    await page.getByTestId('export-submit').click();
    await visible(exportForm.getByText('请选择题目科目'));
    await chooseSubject(page, exportForm, '题目科目', subjectName);
    await chooseCategory(page, exportForm, '题目分类', `交规基础${run}`);
    await shot(page, 'export-zh');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('export-submit').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^交规基础${run}-题目-\\d{8}\\.xlsx$`));
    await gone(exportForm);
    const book = XLSX.read(await streamToBuffer(await download.createReadStream()));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(sheet.slice(1).map((r) => [r[1], r[8]])).toEqual([
      ['第一次：红灯亮时应当？', 'A'],
      ['第一次：哪些属于交通信号？', 'ABC'],
      ['第一次：酒后可以驾驶机动车。', 'B'],
    ]);
    expect(await selectApi('questionBank', { typeId: fileCategory!.id })).toHaveLength(3);
  });
});

describe('category import', () => {
  it('imports categories into a subject from the categories page (English UI), and a bad file writes nothing', async () => {
    const { page } = b;
    await page.addInitScript(() => localStorage.setItem('qb.lang', 'en-US'));
    await uiLogin(page, base);
    await page.goto(`${base}/manage/questionsSmallClass`);
    await page.getByTestId('toolbar-import-categories').click();
    const form = dialog(page, 'category');
    await visible(form.getByText('Import categories', { exact: true }));
    await submit(page).click();
    await visible(form.getByText('Please select subject'));
    await visible(form.getByText('Please upload template file'));

    const names = [`E2E大类${run}`, `E2E小类${run}`];
    const good = workbook(
      [
        ['分类名称', '上级分类', '排序', '是否上架'],
        [names[1], names[0], 2, '是'],
        [names[0], '', 1, '否'],
      ],
      `categories${run}.xls`,
    );
    const bad = workbook(
      [
        ['分类名称', '上级分类', '排序', '是否上架'],
        [`E2E坏分类${run}`, '不存在的上级', 'x', '是'],
      ],
      `bad-categories${run}.csv`,
    );
    bad.buffer = Buffer.from(XLSX.utils.sheet_to_csv(XLSX.read(bad.buffer).Sheets.Sheet1!));
    bad.mimeType = 'text/csv';
    await chooseSubject(page, form, 'Subject', subjectName);
    await upload(form, [good, bad]);
    await submit(page).click();
    await visible(submit(page).getByText('1 not imported, retry'), IMPORT_DONE);
    await expect.poll(() => result(page, 0).getAttribute('data-state')).toBe('imported');
    expect(await result(page, 0).getByTestId('import-count-inserted').innerText()).toMatch(/Inserted\s*2/);
    expect(await result(page, 1).getAttribute('data-state')).toBe('refused');
    await visible(result(page, 1).getByText('Some rows are invalid, so nothing from this file was written.', { exact: false }));
    await shot(page, 'category-en');

    const [top] = await selectApi('questionsSmallClass', { subjectId, name: names[0] });
    expect(top).toMatchObject({ parentId: 0, sortNum: 1, isUp: 0 });
    const [child] = await selectApi('questionsSmallClass', { subjectId, name: names[1] });
    expect(child).toMatchObject({ parentId: top!.id, sortNum: 2, isUp: 1 });
    expect(await selectApi('questionsSmallClass', { name: `E2E坏分类${run}` })).toEqual([]);
  });

  it('shows the question import in English with its results', async () => {
    const { page } = b;
    await page.addInitScript(() => localStorage.setItem('qb.lang', 'en-US'));
    await uiLogin(page, base);
    await page.goto(`${base}/manage/questionBank`);
    await page.getByTestId('toolbar-import').click();
    const form = dialog(page, 'question');
    await chooseSubject(page, form, 'Subject', subjectName);
    await chooseCategory(page, form, 'Category', categoryName);
    await upload(form, [goodQuestions('English', `English${run}.xls`), goodQuestions('第一次')]);
    await submit(page).click();
    await visible(submit(page).getByText('Import successful'), IMPORT_DONE);
    expect(await result(page, 0).getByTestId('import-count-inserted').innerText()).toMatch(/Inserted\s*3/);
    expect(await result(page, 1).getByTestId('import-count-skipped').innerText()).toMatch(/Skipped\s*3/);
    await shot(page, 'question-en');
    await page.getByTestId('import-cancel').click();
    await gone(form);

    await page.getByTestId('toolbar-export-questions').click();
    const exportForm = dialog(page, 'export');
    await visible(exportForm.getByText('Export questions', { exact: true }));
    await chooseSubject(page, exportForm, 'Subject', subjectName);
    if (SHOTS) await gone(page.locator('.ant-message-notice'), 10_000); // the import's toast
    await shot(page, 'export-en');
  });

  it('imports categories in Chinese, skipping those that exist', async () => {
    const { page } = b;
    await uiLogin(page, base);
    await page.goto(`${base}/manage/questionsSmallClass`);
    await page.getByTestId('toolbar-import-categories').click();
    const form = dialog(page, 'category');
    await visible(form.getByText('导入分类', { exact: true }));
    await chooseSubject(page, form, '科目', subjectName);
    const rows = [
      ['分类名称', '上级分类', '排序', '是否上架'],
      [`E2E大类${run}`, '', 1, '否'],
      [`E2E新类${run}`, '', 3, '是'],
    ];
    await upload(form, [workbook(rows, `分类${run}.xlsx`, 'xlsx')]);
    await submit(page).click();
    await visible(submit(page).getByText('导入成功'), IMPORT_DONE);
    expect(await result(page, 0).getByTestId('import-count-inserted').innerText()).toMatch(/新增\s*1/);
    expect(await result(page, 0).getByTestId('import-count-skipped').innerText()).toMatch(/跳过\s*1/);
    await shot(page, 'category-zh');
    expect(await selectApi('questionsSmallClass', { subjectId, name: `E2E新类${run}` })).toHaveLength(1);
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
