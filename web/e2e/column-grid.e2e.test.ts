import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, sessionLogin } from './harness.mjs';
import { gone, tabTitles, useBrowser, visible } from './support.ts';

// Issue 31 #3: in 数据库管理 a table is given an English title, a column a choice list and another a reference to a
// table the rules allow, all in the column grid; the definition reopens with them, the CREATE TABLE gives the
// reference its key's type, and the generated page shows the English titles, the dropdown and the reference in English.

const base = inject('baseUrl');
const b = useBrowser();
const run = Date.now() % 1_000_000;
/** the referenced table (made through the API) and the table made in the grid */
const hall = `e2ehall${run}`;
const room = `e2eroom${run}`;
let token: string;

const crud = (page: Page) => page.locator('.qb-crud:visible');
const modal = (page: Page) => page.locator('.ant-modal:visible');
const dropdownOption = (page: Page, title: string) => page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true });

beforeAll(async () => {
  token = await apiLogin(base);
  const post = (path: string, body: unknown) => api(base, token, path, { method: 'POST', body });
  const sheet = await post('/api/action/masterSlave/', {
    _flag: 'sys_dataSheet',
    _flagChidren: 'sys_tableFields',
    bindField: 'parentid',
    mainData: { tableName: hall, intro: '楼栋', titleEn: 'Halls', parentid: 10000 },
    chidrenData: [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
      { columnName: 'name', type: 'nvarchar', length: 20, intro: '楼名', titleEn: 'Hall name' },
    ],
  });
  expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
  expect((await post('/api/action/createSqlTable/', { id: (sheet.body!.data as { id: number }).id })).status).toBe(200);
  expect((await post('/api/action/save/', { _flag: hall, params: { name: '东楼' } })).status).toBe(200);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

/** The row of the grid at `i`. */
const gridRow = (dialog: Locator, i: number) => dialog.getByTestId('column-grid').locator('.ant-table-tbody tr.ant-table-row').nth(i);

async function addColumn(page: Page, dialog: Locator, i: number, name: string, type: string, zh: string, en: string) {
  if (i > 0) await dialog.getByTestId('column-add').click();
  const row = gridRow(dialog, i);
  await row.getByTestId('column-name').pressSequentially(name);
  if (type !== 'nvarchar') {
    await row.getByTestId('column-type').click();
    await dropdownOption(page, type).click();
  }
  await row.getByTestId('column-intro').pressSequentially(zh);
  await row.getByTestId('column-title-en').pressSequentially(en);
  return row;
}

describe('数据库管理: English titles, a choice list and a reference, made in the column grid', () => {
  it('defines them, reopens them, creates the table and shows them on its generated page in English', async () => {
    const { page } = b;
    await page.goto(`${base}/manage/dataMana`);
    await page.getByTestId('source-10000').click();
    await crud(page).getByTestId('toolbar-add').click();
    const dialog = modal(page).filter({ has: page.getByTestId('table-save') });
    await dialog.getByLabel('表名').pressSequentially(room);
    await dialog.getByTestId('form-field-intro').getByRole('textbox').pressSequentially('考场');
    await dialog.getByTestId('form-field-titleEn').getByRole('textbox').pressSequentially('Exam rooms');

    const id = await addColumn(page, dialog, 0, 'id', 'int', '编号', 'No.');
    await id.getByLabel('主键').check();
    await id.getByLabel('自增').check();
    await addColumn(page, dialog, 1, 'name', 'nvarchar', '考场名称', 'Room name');
    // a choice list: two values, each with its Chinese and English label
    const kind = await addColumn(page, dialog, 2, 'kind', 'int', '类型', 'Kind');
    await kind.getByTestId('column-options').click();
    const editor = modal(page).filter({ has: page.getByTestId('options-editor') });
    await editor.getByLabel('值').nth(0).fill('1');
    await editor.getByLabel('中文名称').nth(0).fill('教室');
    await editor.getByLabel('英文名称').nth(0).fill('Classroom');
    await editor.getByTestId('options-add').click();
    await editor.getByLabel('值').nth(1).fill('2');
    await editor.getByLabel('中文名称').nth(1).fill('实验室');
    await editor.getByLabel('英文名称').nth(1).fill('Lab');
    await editor.getByTestId('options-ok').click();
    await gone(editor);
    await visible(kind.getByTestId('column-options').getByText('2 项'));
    // a reference: the hall table, shown by its name; the column's type becomes the key's (int)
    const hallColumn = await addColumn(page, dialog, 3, 'hall', 'nvarchar', '楼栋', 'Hall');
    await hallColumn.getByTestId('column-reference').click();
    const picker = modal(page).filter({ has: page.getByTestId('reference-table') });
    await picker.getByTestId('reference-table').click();
    // a system table is not offered
    await visible(dropdownOption(page, `楼栋（${hall}）`));
    expect(await page.locator('.ant-select-dropdown:visible').getByText('sys_user').count()).toBe(0);
    await dropdownOption(page, `楼栋（${hall}）`).click();
    await visible(picker.getByText('字段类型将随被引用表的主键 id：int'));
    await picker.getByTestId('reference-ok').click();
    await gone(picker);
    await visible(hallColumn.getByTestId('column-reference').getByText(`${hall}.name`));
    expect(await hallColumn.getByTestId('column-type').innerText()).toBe('int');
    await dialog.getByTestId('table-save').click();
    await visible(page.getByText('保存成功', { exact: true }));
    await gone(dialog);

    // reopened: all three are there
    const listed = crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: room });
    await listed.getByTestId('row-edit').click();
    await visible(gridRow(dialog, 3));
    expect(await dialog.getByTestId('form-field-titleEn').getByRole('textbox').inputValue()).toBe('Exam rooms');
    expect(await dialog.getByTestId('column-title-en').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'No.',
      'Room name',
      'Kind',
      'Hall',
    ]);
    await visible(gridRow(dialog, 2).getByTestId('column-options').getByText('2 项'));
    await visible(gridRow(dialog, 3).getByTestId('column-reference').getByText(`${hall}.name`));
    await dialog.getByTestId('table-cancel').click();
    await gone(dialog);

    // the CREATE TABLE: the reference an INTEGER
    await listed.getByRole('button', { name: '创建表' }).click();
    const preview = page.getByTestId('sql-preview');
    await visible(preview);
    expect(await preview.innerText()).toMatch(/"hall" INTEGER/);
    await page.getByTestId('confirm-create-table').click();
    await visible(page.getByText('建表成功', { exact: true }));
    await listed.getByRole('button', { name: '生成页面' }).click();
    await page.getByTestId('generated-page-place').click();
    await page.getByTestId('open-generated-page').click();
    await page.waitForURL(`${base}/manage/${room}`);

    // in English: the table's and the columns' English titles, the choice list's English labels, the reference
    await page.evaluate(() => localStorage.setItem('qb.lang', 'en-US'));
    await page.reload();
    await visible(crud(page).getByTestId('crud-table'));
    expect((await tabTitles(page)).at(-1)).toBe('Exam rooms');
    const headers = await crud(page).locator('.ant-table-thead th').allInnerTexts();
    expect(headers.filter(Boolean)).toEqual(expect.arrayContaining(['Room name', 'Kind', 'Hall']));
    await crud(page).getByTestId('toolbar-add').click();
    const form = modal(page).filter({ has: page.getByTestId('schema-form') });
    await form.getByLabel('Room name').pressSequentially('A101');
    // two values: radios (a dropdown from six values on, and in the search bar)
    await visible(form.getByText('Classroom', { exact: true }));
    await form.getByText('Lab', { exact: true }).click();
    await form.getByLabel('Hall').click();
    await dropdownOption(page, '东楼').click();
    await form.getByTestId('schema-dialog-submit').click();
    await gone(form);
    const row = crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: 'A101' });
    await visible(row.getByText('Lab', { exact: true }));
    await visible(row.getByText('东楼', { exact: true }));
    await crud(page).getByTestId('search-bar').getByLabel('Kind').click();
    await visible(dropdownOption(page, 'Classroom'));
    await visible(dropdownOption(page, 'Lab'));
    const saved = await api(base, token, `/api/select/?_flag=${room}`);
    expect(saved.body!.data).toMatchObject([{ name: 'A101', kind: 2, hall: 1 }]);
  });
});
