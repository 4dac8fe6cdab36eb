import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../src/i18n/index.ts';
import { ImportDialog } from '../src/import/ImportDialog.tsx';
import type { ImportKind } from '../src/import/importFlow.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

const user = userEvent.setup({ applyAccept: false, delay: null });
const subjects = [
  { id: 1, name: '驾照', parentId: 0 },
  { id: 2, name: '科目一', parentId: 1 },
];
const categories = [{ id: 30, name: '交通信号', parentId: 0, subjectId: 2 }];
type Reply = { status?: number; body?: unknown };

let calls: FakeCall[];
/** import answers held until the test releases them, to see the stages and that files go one at a time */
let held: { body: Record<string, unknown>; answer(reply: Reply): void }[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  held = [];
  let uploads = 0;
  calls = fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    if (call.url.pathname === '/api/select/') return ok(flag === 'questionsClass' ? subjects : categories, { total: 1 });
    if (call.url.pathname === '/api/action/upload/') {
      const file = (call.body as FormData).get('files') as File;
      return ok({ path: `/api/file/202611/${String(++uploads).padStart(32, '0')}.${file.name.split('.').pop()}`, oldFileName: file.name });
    }
    if (call.url.pathname === '/api/coustomApi/selectAddTypes/') {
      const names = String((call.body as { fileName: string }).fileName).split(',');
      return ok(names.map((name, i) => ({ id: 40 + i, name, created: true })));
    }
    if (call.url.pathname === '/api/action/delete/') return ok({ deleted: 1 });
    return new Promise<Reply>((answer) => held.push({ body: call.body as Record<string, unknown>, answer }));
  });
});

function renderDialog(kind: ImportKind = 'question') {
  const onClose = vi.fn();
  const onImported = vi.fn();
  renderWithApp(<ImportDialog kind={kind} open onClose={onClose} onImported={onImported} />);
  return { onClose, onImported };
}

const submit = () => screen.getByTestId('import-submit');
const fileInput = () => screen.getByTestId('import-upload').querySelector('input[type=file]') as HTMLInputElement;
const xls = (name: string) => new File(['x'], name, { type: 'application/vnd.ms-excel' });

/** The category select stays disabled until the subject's categories are asked for: click it once it is enabled. */
async function openCategorySelect() {
  await waitFor(() => expect(screen.getByLabelText('题目分类').hasAttribute('disabled')).toBe(false));
  await user.click(screen.getByLabelText('题目分类'));
}

async function chooseScope(withCategory = true) {
  await user.click(screen.getByLabelText(/题目科目|^科目$/));
  await user.click(await screen.findByText('驾照'));
  await user.click(await screen.findByText('科目一'));
  if (!withCategory) return;
  await openCategorySelect();
  await user.click(await screen.findByTitle('交通信号'));
}

async function uploadFiles(...names: string[]) {
  const before = document.querySelectorAll('.ant-upload-list-item-done').length;
  await user.upload(fileInput(), names.map(xls));
  await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(before + names.length));
}

describe('question import dialog', () => {
  it('shows the messages of SPEC.md §5 and refuses other file types without uploading them', async () => {
    renderDialog();
    await user.click(submit());
    expect(await screen.findByText('请选择题目科目')).toBeTruthy();
    expect(await screen.findByText('请选择题目分类')).toBeTruthy();
    expect(await screen.findByText('请上传模板文件')).toBeTruthy();

    await user.upload(fileInput(), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('请上传 xls 文件（也支持 xlsx 和 csv）')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/action/upload/')).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds categories, then imports one file at a time; the button shows each stage and everything is locked meanwhile', async () => {
    const { onImported } = renderDialog();
    await chooseScope();
    await uploadFiles('科目一.xls', '坏文件.xlsx');
    const uploaded = calls.filter((c) => c.url.pathname === '/api/action/upload/');
    expect(uploaded.map((c) => ((c.body as FormData).get('files') as File).name)).toEqual(['科目一.xls', '坏文件.xlsx']);

    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(1));
    const add = calls.find((c) => c.url.pathname === '/api/coustomApi/selectAddTypes/')!;
    expect(add.body).toEqual({ parentId: 2, typeId: 30, fileName: '科目一,坏文件' });
    expect(held[0]!.body).toEqual({ fileUrl: `/api/file/202611/${'1'.padStart(32, '0')}.xls`, parentId: 2, typeId: 40, tableName: 'questionBank' });
    expect(submit().textContent).toBe('正在导入 1/2...');
    expect(screen.getByTestId('import-cancel').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByLabelText('Close')).toBeNull();
    expect(fileInput().disabled).toBe(true);
    expect(screen.getByTestId('import-result-1').getAttribute('data-state')).toBe('waiting');

    // a second click while running starts nothing
    await user.click(submit());
    held[0]!.answer(ok({ rows: 3, inserted: 2, skipped: 1, rejected: 0, problems: [] }, { message: '导入成功：新增 2 条，跳过已存在的 1 条' }));
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]!.body.typeId).toBe(41);
    expect(submit().textContent).toBe('正在导入 2/2...');
    held[1]!.answer({
      status: 400,
      body: {
        status: false,
        message: '有 2 行数据不正确，文件未导入',
        data: {
          rows: 40,
          inserted: 0,
          skipped: 0,
          rejected: 2,
          problems: [
            { row: 3, column: '题干', message: '缺少题干' },
            { row: 6, column: '正确答案', message: '正确答案 D 没有对应的选项' },
          ],
        },
      },
    });

    await waitFor(() => expect(submit().textContent).toBe('1 个文件未导入，重试'));
    expect(calls.filter((c) => c.url.pathname === '/api/action/import/')).toHaveLength(2);
    expect(await screen.findByText('导入完成：1 个文件未导入，请查看导入结果')).toBeTruthy();
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ imported: 1, failed: 1, inserted: 2, skipped: 1 }));
    expect(screen.getByTestId('import-cancel').textContent).toBe('关 闭');
  });

  it('shows a result panel per file: counts, the new category, and a refused file’s problems by row', async () => {
    renderDialog();
    await chooseScope();
    await uploadFiles('科目一.xls', '坏文件.xls');
    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer(ok({ rows: 3, inserted: 2, skipped: 1, rejected: 0, problems: [] }));
    await waitFor(() => expect(held).toHaveLength(2));
    const problems = Array.from({ length: 100 }, (_, i) => ({ row: i + 2, column: '题干', message: '缺少题干' }));
    held[1]!.answer({
      status: 400,
      body: { status: false, message: '有 120 行数据不正确', data: { rows: 130, inserted: 0, skipped: 0, rejected: 120, problems } },
    });
    await waitFor(() => expect(screen.getByTestId('import-result-1').getAttribute('data-state')).toBe('refused'));

    const first = within(screen.getByTestId('import-result-0'));
    expect(first.getByTestId('import-result-state').textContent).toBe('已导入');
    expect(first.getByTestId('import-result-category').textContent).toBe('导入到分类：科目一新建');
    expect(first.getByTestId('import-count-inserted').textContent).toBe('新增2');
    expect(first.getByTestId('import-count-skipped').textContent).toBe('跳过1');
    expect(first.getByTestId('import-count-rejected').textContent).toBe('有误0');
    expect(first.queryByTestId('import-problems')).toBeNull();

    const second = within(screen.getByTestId('import-result-1'));
    expect(second.getByTestId('import-result-state').textContent).toBe('未导入');
    expect(second.getByTestId('import-count-rejected').textContent).toBe('有误120');
    expect(second.getByText('文件中有数据不正确，整个文件都没有写入。请按行号改正后重新导入。')).toBeTruthy();
    expect(second.getByText('只列出前 100 个问题，共 120 行有误。')).toBeTruthy();
    const firstRow = second.getByTestId('import-problems').querySelector('.ant-table-tbody tr.ant-table-row')!;
    expect([...firstRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2', '题干', '缺少题干']);
    // the refused file's category was created by this run and is empty: it is deleted again
    await waitFor(() => expect(second.getByTestId('import-result-category').textContent).toBe('导入到分类：坏文件新建的空分类已删除'));
    expect(calls.filter((c) => c.url.pathname === '/api/action/delete/').map((c) => c.body)).toEqual([{ _flag: 'questionsSmallClass', id: 41 }]);
  });

  it('says import successful when every file went in, and rearms the button when the files change', async () => {
    renderDialog();
    await chooseScope();
    await uploadFiles('科目一.xls');
    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer(ok({ rows: 1, inserted: 1, skipped: 0, rejected: 0, problems: [] }));
    await waitFor(() => expect(submit().textContent).toBe('导入成功'));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('导入成功'));
    expect(submit().hasAttribute('disabled')).toBe(true);

    await uploadFiles('科目四.xls');
    expect(submit().textContent).toBe('确 定');
    expect(screen.getByTestId('import-results')).toBeTruthy(); // the last results stay until the next run
  });

  // this and the next run the dialog twice: more time than the file's 20 s on a busy two-core machine
  it('a refused import does not end as done: the button says 导入失败 and imports the file again when pressed', async () => {
    const { onImported } = renderDialog();
    await chooseScope();
    await uploadFiles('坏文件.xls');
    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(1));
    const refused = {
      status: false,
      message: '有 1 行数据不正确，文件未导入',
      data: { rows: 1, inserted: 0, skipped: 0, rejected: 1, problems: [{ row: 2, column: '题干', message: '缺少题干' }] },
    };
    held[0]!.answer({ status: 400, body: refused });

    await waitFor(() => expect(submit().textContent).toBe('导入失败，重试'));
    expect(submit().hasAttribute('disabled')).toBe(false);
    expect(submit().className).toContain('ant-btn-dangerous');
    expect(submit().className).not.toContain('qb-import-done');
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('导入失败：1 个文件未导入，请查看导入结果'));
    expect(document.querySelector('.ant-message')?.textContent).not.toContain('导入完成');
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ imported: 0, failed: 1 }));

    // pressed again: the same file is run again (a timeout or a server hiccup may well pass the second time)
    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(2));
    expect(submit().textContent).toBe('正在导入...');
    held[1]!.answer(ok({ rows: 1, inserted: 1, skipped: 0, rejected: 0, problems: [] }));
    await waitFor(() => expect(submit().textContent).toBe('导入成功'));
    expect(submit().hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('import-result-0').getAttribute('data-state')).toBe('imported');
  });

  it('after a partly refused run, the retry imports only the files that were not imported and keeps the others’ results', async () => {
    renderDialog();
    await chooseScope();
    await uploadFiles('科目一.xls', '坏文件.xls');
    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer(ok({ rows: 3, inserted: 3, skipped: 0, rejected: 0, problems: [] }));
    await waitFor(() => expect(held).toHaveLength(2));
    held[1]!.answer({ status: 503, body: { status: false, message: '服务暂时不可用' } });
    await waitFor(() => expect(submit().textContent).toBe('1 个文件未导入，重试'));
    expect(screen.getByTestId('import-result-1').getAttribute('data-state')).toBe('failed');

    await user.click(submit());
    await waitFor(() => expect(held).toHaveLength(3));
    const adds = calls.filter((c) => c.url.pathname === '/api/coustomApi/selectAddTypes/');
    expect(adds.at(-1)!.body).toEqual({ parentId: 2, typeId: 30, fileName: '坏文件' });
    expect(held[2]!.body.fileUrl).toBe(`/api/file/202611/${'2'.padStart(32, '0')}.xls`);
    expect(screen.getByTestId('import-result-0').getAttribute('data-state')).toBe('imported');
    expect(screen.getByTestId('import-result-1').getAttribute('data-state')).toBe('running');
    held[2]!.answer(ok({ rows: 2, inserted: 2, skipped: 0, rejected: 0, problems: [] }));
    await waitFor(() => expect(submit().textContent).toBe('导入成功'));
    expect(within(screen.getByTestId('import-result-0')).getByTestId('import-count-inserted').textContent).toBe('新增3');
    expect(within(screen.getByTestId('import-result-1')).getByTestId('import-count-inserted').textContent).toBe('新增2');
    expect(calls.filter((c) => c.url.pathname === '/api/action/import/')).toHaveLength(3);
  });

  it('shows the adding-categories stage until selectAddTypes answers, and stops when it fails', async () => {
    let refuse!: (reply: Reply) => void;
    const base = fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      String(input).includes('selectAddTypes')
        ? new Promise<Response>((resolve) => (refuse = (r) => resolve(new Response(JSON.stringify(r.body), { status: r.status }))))
        : base(input, init),
    );
    renderDialog();
    await chooseScope();
    await uploadFiles('科目一.xls');
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('正在添加分类...'));
    refuse({ status: 400, body: { status: false, message: '题目分类 #30 不属于科目 #2' } });
    await waitFor(() => expect(submit().textContent).toBe('确 定'));
    expect(held).toHaveLength(0);
    expect(screen.queryByTestId('import-results')).toBeNull();
  });
});

describe('category import dialog', () => {
  it('asks for the subject only and imports each file into it with typesImport', async () => {
    const { onImported } = renderDialog('category');
    expect(screen.queryByLabelText('题目分类')).toBeNull();
    await user.click(submit());
    expect(await screen.findByText('请选择科目')).toBeTruthy();
    expect(await screen.findByText('请上传模板文件')).toBeTruthy();

    await chooseScope(false);
    await uploadFiles('分类.xls');
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('正在导入...'));
    expect(held[0]!.body).toEqual({ fileUrl: `/api/file/202611/${'1'.padStart(32, '0')}.xls`, subjectId: 2, tableName: 'questionsSmallClass' });
    expect(calls.some((c) => c.url.pathname === '/api/coustomApi/selectAddTypes/')).toBe(false);
    held[0]!.answer(ok({ rows: 2, inserted: 1, skipped: 1, rejected: 0, problems: [] }));
    await waitFor(() => expect(submit().textContent).toBe('导入成功'));
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('speaks English', async () => {
    await setLanguage('en-US');
    renderDialog('category');
    expect(screen.getByText('Import categories')).toBeTruthy();
    await user.click(submit());
    expect(await screen.findByText('Please select subject')).toBeTruthy();
    expect(screen.getByText('Please upload template file')).toBeTruthy();
    await user.upload(fileInput(), [new File(['x'], 'a.pdf')]);
    expect(await screen.findByText('Please upload xls files (xlsx and csv are accepted too)')).toBeTruthy();
  });
});
