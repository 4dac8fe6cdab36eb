import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../src/i18n/index.ts';
import { formTableRowButton } from '../src/pages/datasources/FormTableCreate.tsx';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** The 建表 row button of the form definitions: derived columns and SQL shown first, the table made on confirm. */
const preview = {
  formId: 7,
  tableName: 'goods',
  sourceId: 10000,
  columns: [
    { columnName: 'id', type: 'int', primaryKey: true, autoIncrement: true, intro: 'ID' },
    { columnName: 'title', type: 'nvarchar', length: 30, primaryKey: false, autoIncrement: false, intro: '标题', field: 'title', kind: 'text' },
    { columnName: 'tags', type: 'nvarchar', length: 500, primaryKey: false, autoIncrement: false, intro: '标签', field: 'tags', kind: 'checkbox' },
    { columnName: 'isdelete', type: 'int', primaryKey: false, autoIncrement: false, defaults: '0', intro: '删除标记' },
  ],
  statements: ['CREATE TABLE "goods" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT, "tags" TEXT, "isdelete" INTEGER)'],
  created: false,
};
let calls: FakeCall[];
let refuse = false;
let reloaded = 0;

function Harness() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const page = { reload: () => void reloaded++, openEdit: () => {}, selectedRows: [], modal, t };
  return (
    <>
      {holder}
      <Button onClick={() => formTableRowButton.onClick({ id: 7 }, page)}>{t(formTableRowButton.labelKey)}</Button>
    </>
  );
}

beforeEach(async () => {
  await setLanguage('zh-CN');
  refuse = false;
  reloaded = 0;
  calls = fakeFetch((call) => {
    if (call.url.pathname !== '/api/forms/createTable/') return ok([]);
    if (refuse) return { status: 400, body: { status: false, success: false, message: '该表单定义没有开启自动建表', code: 'FORM_NOT_AUTO_CREATE' } };
    const body = call.body as { preview?: boolean };
    return ok(body.preview ? preview : { ...preview, sheetId: 3, created: true });
  });
});
afterEach(() => vi.unstubAllGlobals());
/** the bodies of the calls of 建表 (another call, e.g. a background read of the app's shared modules, is not this test's) */
const createTableBodies = () => calls.filter((c) => c.url.pathname === '/api/forms/createTable/').map((c) => c.body);

describe('建表 from a form definition', () => {
  it('previews the derived columns and SQL, and creates the table only when confirmed', async () => {
    renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /建\s*表/ }));
    const columns = await screen.findByTestId('form-table-columns');
    const cells = [...columns.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['id', 'int', 'ID', '主键'],
      ['title', 'nvarchar(30)', '标题', 'text'],
      ['tags', 'nvarchar(500)', '标签', 'checkbox'],
      ['isdelete', 'int', '删除标记', '系统字段'],
    ]);
    expect(screen.getByTestId('sql-preview').textContent).toContain('CREATE TABLE "goods"');
    expect(screen.getAllByText('从表单创建数据表 goods').length).toBeGreaterThan(0);
    expect(createTableBodies()).toEqual([{ id: 7, preview: true }]);
    await userEvent.click(screen.getByTestId('confirm-form-table'));
    expect((await screen.findAllByText('数据表 goods 已创建')).length).toBeGreaterThan(0);
    expect(createTableBodies()).toEqual([{ id: 7, preview: true }, { id: 7 }]);
    await waitFor(() => expect(reloaded).toBe(1));
  });

  it('cancelling runs nothing; a refusal says why in a dialog', async () => {
    renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /建\s*表/ }));
    await screen.findByTestId('form-table-columns');
    const dialog = screen.getByTestId('form-table-columns').closest<HTMLElement>('.ant-modal')!;
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(createTableBodies()).toHaveLength(1);
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: /建\s*表/ }));
    expect((await screen.findAllByText('该表单定义没有开启自动建表')).length).toBeGreaterThan(0);
    expect(reloaded).toBe(0);
  });
});
