import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { setToken } from '../src/api/token.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { unmountDialogHost } from '../src/import/dialogHost.tsx';
import { ExportDialog } from '../src/import/ExportDialog.tsx';
import { ImportDialog } from '../src/import/ImportDialog.tsx';
import { categoryImportButton, questionExportButton } from '../src/import/toolbarButtons.tsx';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

const user = userEvent.setup({ applyAccept: false, delay: null });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let calls: FakeCall[];
let saved: { name: string; blob: Blob }[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  setToken('tok-1');
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/select/') {
      const flag = call.url.searchParams.get('_flag');
      return ok(flag === 'questionsClass' ? [{ id: 2, name: '科目一', parentId: 0 }] : [{ id: 30, name: '交通信号', parentId: 0, subjectId: 2 }], { total: 1 });
    }
    if (path === '/api/export/questions/' || path === '/api/import/template/') return { body: 'PK-bytes', headers: { 'content-type': XLSX_TYPE } };
    if (path === '/api/action/upload/') return ok({ path: `/api/file/202611/${'a'.repeat(32)}.xls`, oldFileName: 'x.xls' });
    if (path === '/api/coustomApi/typesImport/') return ok({ rows: 1, inserted: 1, skipped: 0, rejected: 0, problems: [] });
    return { status: 404, body: { status: false, message: 'unknown' } };
  });
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:qb'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  unmountDialogHost();
  window.history.replaceState({}, '', '/');
});

/** The category select stays disabled until the subject's categories are asked for: click it once it is enabled. */
async function openCategorySelect() {
  await waitFor(() => expect(screen.getByLabelText('题目分类').hasAttribute('disabled')).toBe(false));
  await user.click(screen.getByLabelText('题目分类'));
}

async function chooseSubject() {
  await user.click(screen.getByLabelText('题目科目'));
  await user.click(await screen.findByText('科目一'));
}

describe('export dialog', () => {
  it('needs a subject, then saves the category’s questions with the session header and a dated name', async () => {
    const onClose = vi.fn();
    renderWithApp(<ExportDialog open onClose={onClose} />);
    await user.click(screen.getByTestId('export-submit'));
    expect(await screen.findByText('请选择题目科目')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/export/questions/')).toBe(false);

    await chooseSubject();
    await openCategorySelect();
    await user.click(await screen.findByTitle('交通信号'));
    await user.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = calls.find((c) => c.url.pathname === '/api/export/questions/')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ parentId: '2', typeId: '30' });
    expect(call.headers.authorization).toBe('tok-1');
    expect(saved[0]!.name).toBe(`交通信号-题目-${dayjs().format('YYYYMMDD')}.xlsx`);
    expect(await saved[0]!.blob.text()).toBe('PK-bytes');
    expect(onClose).toHaveBeenCalled();
  });

  it('exports a whole subject when no category is chosen, named in the UI language', async () => {
    await setLanguage('en-US');
    renderWithApp(<ExportDialog open onClose={() => {}} />);
    await user.click(screen.getByLabelText('Subject'));
    await user.click(await screen.findByText('科目一'));
    await user.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(calls.find((c) => c.url.pathname === '/api/export/questions/')!.url.searchParams)).toEqual({ parentId: '2' });
    expect(saved[0]!.name).toBe(`科目一-questions-${dayjs().format('YYYYMMDD')}.xlsx`);
  });
});

describe('templates', () => {
  it('fetches the .xls and .xlsx templates through the API client and saves them under the template’s name', async () => {
    renderWithApp(<ImportDialog kind="question" open onClose={() => {}} />);
    await user.click(screen.getByTestId('import-template-xls'));
    await user.click(screen.getByTestId('import-template-xlsx'));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['题目导入模板.xls', '题目导入模板.xlsx']));
    const templates = calls.filter((c) => c.url.pathname === '/api/import/template/');
    expect(templates.map((c) => c.url.search)).toEqual(['?kind=question&format=xls', '?kind=question&format=xlsx']);
    expect(templates.every((c) => c.headers.authorization === 'tok-1')).toBe(true);
  });
});

describe('toolbar buttons', () => {
  const page = () => ({ reload: vi.fn(), openEdit: vi.fn(), selectedRows: [] });

  it('open their dialog over the page and reload the page after an import', async () => {
    window.history.replaceState({}, '', '/manage/questionsSmallClass');
    const categories = page();
    categoryImportButton.onClick(categories);
    expect(await screen.findByText('导入分类')).toBeTruthy();
    await user.click(screen.getByLabelText('科目'));
    await user.click(await screen.findByText('科目一'));
    await user.upload(screen.getByTestId('import-upload').querySelector('input')!, new File(['x'], '分类.xls'));
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-done')).toBeTruthy());
    await user.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(categories.reload).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('import-submit').textContent).toBe('导入成功');
  });

  it('close the dialog when the session ends', async () => {
    window.history.replaceState({}, '', '/manage/questionBank');
    questionExportButton.onClick(page());
    expect(await screen.findByText('导出题目')).toBeTruthy();
    localStorage.clear();
    await waitFor(() => expect(screen.queryByTestId('export-submit')).toBeNull());
  });
});
