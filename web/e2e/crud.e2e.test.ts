import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, sessionLogin } from './harness.mjs';
import { closeDropdown, gone, testContext, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
let token: string;

/** A 1x1 PNG: the server checks an image's first bytes, not only its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Row = Record<string, unknown> & { id: number };

async function selectApi(flag: string, wheres: Record<string, unknown>, extra = ''): Promise<Row[]> {
  const row = extra.includes('&row=') ? '' : '&row=100';
  const q = `/api/select/?_flag=${flag}${row}&wheres=${encodeURIComponent(JSON.stringify(wheres))}${extra}`;
  const answer = await api(base, token, q);
  expect(answer.status).toBe(200);
  return answer.body!.data as Row[];
}

/** The page of the active tab (pages of other tabs stay mounted, hidden). */
const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
const tableRows = (page: Page) => activePage(page).locator('.ant-table-tbody tr.ant-table-row');

async function chooseOption(page: Page, field: Locator, label: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

async function openPage(page: Page, path: string) {
  await page.goto(`${base}/manage/${path}`);
  await visible(activePage(page).getByTestId('crud-table'));
}

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('member page', () => {
  it('add (avatar upload, a .txt refused) -> search finds it -> edit -> delete, checked through the API', async () => {
    const { page } = b;
    const name = `E2E会员${Date.now() % 100000}`;
    await openPage(page, 'member');
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/api/action/upload/') && uploads.push(r.url()));

    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await visible(form.getByText('新增 · 小程序用户管理'));
    // required messages first
    await form.getByTestId('schema-dialog-submit').click();
    await visible(form.getByText('请输入昵称'));
    await visible(form.getByText('请输入手机号'));

    await form.getByLabel('昵称').pressSequentially(name);
    await form.getByLabel('手机号').pressSequentially('1391234');
    await form.getByTestId('schema-dialog-submit').click();
    await visible(form.getByText('手机号格式错误'));
    await form.getByLabel('手机号').press('End');
    await form.getByLabel('手机号').pressSequentially('5678');
    await form.getByText('女', { exact: true }).click();

    const fileInput = form.locator('[data-testid="image-upload"] input[type=file]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await visible(page.getByText('图片格式不正确，请上传 jpg、jpeg、png 或 bmp 格式的图片'));
    expect(uploads).toEqual([]);
    await form.locator('[data-testid="image-upload"] input[type=file]').setInputFiles({ name: 'Face.PNG', mimeType: 'image/png', buffer: PNG });
    const preview = form.locator('.qb-image-upload img');
    await visible(preview);
    const avatar = await preview.getAttribute('src');
    expect(avatar).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]+\.png$/);
    expect(uploads).toHaveLength(1);

    await form.getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功', { exact: true }));
    await gone(form);
    const [created] = await selectApi('sys_member', { name });
    expect(created).toMatchObject({ name, phone: '13912345678', gender: 2 });
    expect(created!.avatar).toBe(avatar);

    // search by nickname: only filled fields are sent
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/select/?_flag=sys_member') && requests.push(decodeURIComponent(r.url())));
    await activePage(page).getByTestId('search-bar').getByLabel('昵称').fill(name);
    await activePage(page).getByTestId('search-submit').click();
    await page.waitForFunction(() => document.querySelectorAll('.qb-crud .ant-table-tbody tr.ant-table-row').length === 1, undefined, { timeout: 10_000 });
    await visible(tableRows(page).first().getByText(name));
    expect(requests.at(-1)).toContain(`wheres={"name":{"type":"like","value":"${name}"}}`);
    // the avatar is a 50 px preview that enlarges on click
    const cellImage = tableRows(page).first().locator('img.qb-cell-image');
    expect(await cellImage.evaluate((img) => img.getBoundingClientRect().width)).toBe(50);
    await cellImage.click();
    await visible(page.locator('.ant-image-preview-img'));
    await page.keyboard.press('Escape');
    await gone(page.locator('.ant-image-preview-img'));

    // edit
    await tableRows(page).first().getByTestId('row-edit').click();
    await visible(dialog(page).getByText('编辑 · 小程序用户管理'));
    expect(await dialog(page).getByLabel('昵称').inputValue()).toBe(name);
    await dialog(page).getByLabel('手机号').fill('13800000000');
    await dialog(page).getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功', { exact: true }));
    expect((await selectApi('sys_member', { id: created!.id }))[0]).toMatchObject({ phone: '13800000000', name });
    await visible(tableRows(page).first().getByText('13800000000'));

    // delete: declining changes nothing, confirming deletes
    await tableRows(page).first().getByTestId('row-delete').click();
    await visible(page.getByText('此操作将删除该数据, 是否继续?'));
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await gone(page.getByText('此操作将删除该数据, 是否继续?'));
    expect(await selectApi('sys_member', { id: created!.id })).toHaveLength(1);
    await tableRows(page).first().getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await visible(page.getByText('删除成功'));
    expect(await selectApi('sys_member', { id: created!.id })).toHaveLength(0);
    await gone(tableRows(page));
  });

  it('exports the current query to .xlsx with the page’s titles and labels', async () => {
    const { page } = b;
    await openPage(page, 'member');
    await chooseOption(page, activePage(page).getByTestId('search-bar').getByLabel('性别'), '女');
    await activePage(page).getByTestId('search-submit').click();
    const women = await selectApi('sys_member', { gender: 2 });
    await page.waitForFunction((n) => document.querySelectorAll('.qb-crud .ant-table-tbody tr.ant-table-row').length === n, women.length);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), activePage(page).getByTestId('toolbar-export').click()]);
    expect(download.suggestedFilename()).toBe('小程序用户管理.xlsx');
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await streamToBuffer(await download.createReadStream()));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(sheet[0]).toEqual(['昵称', '手机号', '头像', '余额(元)', 'openid', '性别']);
    expect(sheet.length - 1).toBe(women.length);
    expect(sheet.slice(1).every((r) => r[5] === '女')).toBe(true);
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('tree, references and single-form pages', () => {
  it('the subject tree loads children only when a row is expanded, and shows parents by name', async () => {
    const { page } = b;
    await openPage(page, 'questionsClass');
    // other test files add subjects without children to the same server: take the first one that has some
    const top = await selectApi('questionsClass', { parentId: 0 }, '&sort=sortNum&_hasChildren=parentId');
    const first = top.find((r) => r.hasChildren)!;
    const children = await selectApi('questionsClass', { parentId: first.id }, '&sort=sortNum');
    await visible(tableRows(page).filter({ hasText: String(first.name) }));
    expect(await tableRows(page).count()).toBe(top.length);
    expect(await activePage(page).getByText(String(children[0]!.name), { exact: true }).count()).toBe(0);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('_flag=questionsClass') && decodeURIComponent(r.url()).includes(`"parentId":${first.id}`)),
      tableRows(page)
        .filter({ hasText: String(first.name) })
        .getByRole('button', { name: '展开' })
        .click(),
    ]);
    expect(new URL(request.url()).searchParams.get('row')).toBe('99999');
    const childRow = tableRows(page).filter({ hasText: String(children[0]!.name) });
    await visible(childRow);
    // the child's parent column names the parent
    await visible(childRow.getByText(String(first.name), { exact: true }));
    expect(await tableRows(page).count()).toBe(top.length + children.length);
  });

  it('bill flows show the member’s name, not the id', async () => {
    const { page } = b;
    await openPage(page, 'billFlow');
    const [latest] = await selectApi('userBillFlow', {}, '&sort=id&sortType=desc');
    const [member] = await selectApi('sys_member', { id: latest!.memberid });
    const firstRow = tableRows(page).first();
    await visible(firstRow.getByText(String(member!.name), { exact: true }));
    await visible(firstRow.getByText(Number(latest!.money).toFixed(2), { exact: true }));
    expect(
      await activePage(page)
        .locator('.ant-table-tbody')
        .getByText(/^#\d+$/)
        .count(),
    ).toBe(0);

    // the export names the members too (the server looks the names up)
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), activePage(page).getByTestId('toolbar-export').click()]);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await streamToBuffer(await download.createReadStream()));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(sheet[0]!.slice(0, 2)).toEqual(['用户', '类型']);
    expect(sheet[1]![0]).toBe(member!.name);
    const flows = await selectApi('userBillFlow', {}, '&sort=id&sortType=desc&row=1000');
    const names = new Map<unknown, unknown>(
      (await selectApi('sys_member', { id: [...new Set(flows.map((f) => f.memberid))] }, '&row=1000')).map((m) => [m.id, m.name]),
    );
    expect(sheet.slice(1).map((r) => r[0])).toEqual(flows.map((f) => names.get(f.memberid) ?? f.memberid));
  });

  it('task configuration saves the first sys_config row and shows it after a reload', async () => {
    const { page } = b;
    const [before] = await selectApi('sys_config', {});
    await page.goto(`${base}/manage/taskConfiguration`);
    const field = page.getByLabel('每日任务题目数');
    await visible(field);
    expect(await field.inputValue()).toBe(String(before!.numberQuestions));
    await field.fill('');
    await page.getByTestId('task-save').click();
    await visible(page.getByText('请输入每日任务题目数'));
    const next = Number(before!.numberQuestions) + 5;
    await field.pressSequentially(String(next));
    await page.getByTestId('task-save').click();
    await visible(page.getByText('保存成功~'));
    const [after] = await selectApi('sys_config', {});
    expect(after).toMatchObject({ id: before!.id, numberQuestions: next, completedItems: before!.completedItems });
    await page.reload();
    await visible(page.getByLabel('每日任务题目数'));
    await page.waitForFunction((v) => (document.querySelector('#numberQuestions') as HTMLInputElement | null)?.value === v, String(next));
    await api(base, token, '/api/action/save/', {
      method: 'POST',
      body: { _flag: 'sys_config', params: { id: before!.id, numberQuestions: before!.numberQuestions } },
    });
  });

  it('a new user’s password is shown once in 密码保存提示, it logs in, and it must change it before anything else', async () => {
    const { page } = b;
    const loginid = `e2e${Date.now() % 1_000_000}`;
    await openPage(page, 'user');
    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await form.getByLabel('账号').pressSequentially(loginid);
    await form.getByLabel('姓名').pressSequentially('新同事');
    await form.getByTestId('schema-dialog-submit').click();
    const notice = page.locator('.ant-modal-confirm:visible');
    await visible(notice.getByText('密码保存提示').filter({ visible: true }));
    const text = await notice.getByTestId('new-password').innerText();
    const password = /当前新增账号的密码为 (\S+) ,请妥善保存~/.exec(text)?.[1];
    expect(password).toMatch(/^\S{6}$/);
    await notice.getByRole('button', { name: /确\s*定/ }).click();
    await gone(notice);
    expect(await selectApi('sys_user', { loginid })).toHaveLength(1);

    const other = await testContext(b.browser);
    try {
      const second = await other.newPage();
      await second.goto(`${base}/user/login`);
      await second.getByPlaceholder('用户名').pressSequentially(loginid);
      await second.getByPlaceholder('密码').pressSequentially(password!);
      await second.getByTestId('login-submit').click();
      await second.waitForURL(/\/manage/, { timeout: 15_000 });
      // the password an administrator saw must change first: the dialog cannot be closed, and no menu is behind it
      const forced = second.locator('.ant-modal:visible');
      await visible(forced.getByText('请修改初始密码'));
      expect(await forced.getByRole('button', { name: /取\s*消/ }).count()).toBe(0);
      await second.keyboard.press('Escape');
      await visible(forced.getByText('请修改初始密码'));
      expect(await second.getByTestId('nav-menu').count()).toBe(0);
      await forced.getByLabel('当前密码').pressSequentially(password!);
      // the account name is refused as a password, in the browser already
      await forced.getByLabel('新密码').pressSequentially(loginid);
      await forced.getByLabel('确认密码').pressSequentially(loginid);
      await second.getByTestId('password-submit').click();
      await visible(forced.getByText('新密码不能与账号相同~'));
      await forced.getByLabel('新密码').fill('my-own-pass');
      await forced.getByLabel('确认密码').fill('my-own-pass');
      await second.getByTestId('password-submit').click();
      await gone(forced.getByText('请修改初始密码'));
      await visible(second.getByTestId('nav-menu'));
      await visible(second.getByTestId('user-menu').getByText('新同事'));
      // the new password is the one that logs in from now on
      expect(await apiLogin(base, loginid, 'my-own-pass')).toBeTruthy();
    } finally {
      await other.close();
    }
  });
});

describe('generic table behaviour', () => {
  it('demo table: sizes 20-400, virtual scrolling beyond 100 rows, resizable and hideable columns remembered, print as shown', async () => {
    const { page } = b;
    await openPage(page, 'testThree');
    const table = activePage(page).getByTestId('crud-table');
    expect(await table.getAttribute('data-rows')).toBe('20');
    expect(await table.getAttribute('data-virtual')).toBe('false');

    const pagination = activePage(page).getByTestId('crud-pagination');
    await pagination.locator('.ant-pagination-options-size-changer').click();
    // the dropdown opens with an animation: wait until all six options are there before reading them
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(async () => (await options.allInnerTexts()).map((s) => Number.parseInt(s, 10))).toEqual([20, 50, 100, 200, 300, 400]);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '400' }).click();
    await page.waitForFunction(() => document.querySelector('.qb-crud [data-testid="crud-table"]')?.getAttribute('data-rows') === '400');
    expect(await table.getAttribute('data-virtual')).toBe('true');
    // only the rows in view are in the page; scrolling to the end shows the last one
    expect(await tableRows(page).count()).toBeLessThan(60);
    await table.locator('.ant-table-tbody-virtual-holder').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await visible(activePage(page).getByText('2027-02-04', { exact: true }));

    // resize the name column by dragging its edge; the width is remembered over a reload
    const header = table.locator('th', { hasText: '姓名' }).first();
    const before = (await header.boundingBox())!.width;
    const box = (await header.boundingBox())!;
    const edge = { x: box.x + box.width - 3, y: box.y + box.height / 2 };
    await page.mouse.move(edge.x, edge.y);
    await page.mouse.down();
    await page.mouse.move(edge.x + 80, edge.y, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction((w) => {
      const th = [...document.querySelectorAll('.qb-crud th')].find((e) => e.textContent?.trim() === '姓名');
      return th && th.getBoundingClientRect().width > w + 60;
    }, before);
    // the drag did not sort the column
    expect(await header.getAttribute('aria-sort')).toBeNull();

    // hide a column; after a reload it stays hidden and the name column keeps its width
    await activePage(page).getByTestId('toolbar-columns').click();
    await page.getByTestId('column-chooser').getByLabel('邮编').click();
    await gone(table.locator('th', { hasText: '邮编' }));
    await page.reload();
    await visible(activePage(page).getByTestId('crud-table'));
    await visible(table.locator('th', { hasText: '地址' }));
    expect(await table.locator('th', { hasText: '邮编' }).count()).toBe(0);
    expect((await table.locator('th', { hasText: '姓名' }).first().boundingBox())!.width).toBeGreaterThan(before + 60);

    // print: the table as shown (its columns, its rows), not the screen
    await page.evaluate(() => {
      const w = window as unknown as { printed?: string };
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof HTMLIFrameElement) node.contentWindow!.print = () => void (w.printed = node.contentDocument!.documentElement.outerHTML);
      }).observe(document.body, { childList: true });
    });
    await activePage(page).getByTestId('toolbar-print').click();
    const printed = String(await page.waitForFunction(() => (window as unknown as { printed?: string }).printed).then((h) => h.jsonValue()));
    expect(printed).toContain('<th>日期</th><th>姓名</th><th>省份</th><th>市区</th><th>地址</th></tr>');
    expect(printed).not.toContain('邮编');
    expect(printed.match(/<tr>/g)!.length - 1).toBe(400);
    expect(printed).not.toContain('nav-menu');
  });
});

describe('question form', () => {
  it('adds a question: subject cascader, dependent category, options as a list, answer letters, rich-text explanation', async () => {
    const { page } = b;
    const name = `E2E题目${Date.now() % 100000}`;
    const [category] = await selectApi('questionsSmallClass', {});
    const [subject] = await selectApi('questionsClass', { id: category!.subjectId });
    const [parent] = await selectApi('questionsClass', { id: subject!.parentId });
    await openPage(page, 'questionBank');
    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await form.getByLabel('题目', { exact: true }).pressSequentially(name);
    // the category waits for a subject
    expect(await form.locator('.ant-select-disabled').count()).toBe(1);
    const categoriesRequest = page.waitForRequest(
      (r) => r.url().includes('_flag=questionsSmallClass') && decodeURIComponent(r.url()).includes(`"subjectId":${subject!.id}`),
    );
    await form.getByLabel('所属科目').click();
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: String(parent!.name) }).click();
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: String(subject!.name) }).click();
    await closeDropdown(page);
    // a dependent dropdown reads 9999 rows of the chosen parent (SPEC.md §9)
    expect(new URL((await categoriesRequest).url()).searchParams.get('row')).toBe('9999');
    await chooseOption(page, form.getByLabel('题目分类'), String(category!.name));

    // four empty options to start with; fill three, drop the fourth, add a fifth
    const options = form.getByTestId('option-list');
    for (const [i, text] of ['红灯', '绿灯', '黄灯'].entries()) await options.getByLabel(`选项 ${'ABC'[i]} 的内容`).pressSequentially(text);
    await options.getByRole('button', { name: '删除选项 D' }).click();
    await options.getByRole('button', { name: /添加选项/ }).click();
    await options.getByLabel('选项 D 的内容').pressSequentially('箭头灯');
    await form.getByRole('checkbox', { name: 'A' }).check();
    await form.getByRole('checkbox', { name: 'D' }).check();

    const editor = form.getByTestId('rich-text-editor');
    await editor.locator('.ProseMirror').click();
    await page.keyboard.type('红灯停，');
    await editor.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('绿灯行');
    await form.getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功', { exact: true }));

    const [saved] = await selectApi('questionBank', { name });
    expect(saved).toMatchObject({ parentId: subject!.id, typeId: category!.id, correctOptions: 'AD' });
    expect(JSON.parse(String(saved!.options))).toEqual(['红灯', '绿灯', '黄灯', '箭头灯']);
    expect(saved!.subject).toBe('<p>红灯停，<strong>绿灯行</strong></p>');
    // the list shows the options with their letters and the category by name
    await activePage(page).getByTestId('search-bar').getByLabel('题目', { exact: true }).fill(name);
    await activePage(page).getByTestId('search-submit').click();
    await visible(tableRows(page).first().getByText('A. 红灯  B. 绿灯  C. 黄灯  D. 箭头灯'));
    await visible(tableRows(page).first().getByText(String(category!.name), { exact: true }));
  });
});
