import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConnSqlPage from '../src/pages/datasources/ConnSqlPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta } from './datasources-fixtures.ts';

/** Issue 17 #6: the stored password goes only to the database it was saved for, so a changed database name asks for it again. */
let calls: FakeCall[];
const saved = { id: 7, name: '本机PG', englishName: 'localpg', sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'test', databaseUser: 'postgres' };

beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (call.url.pathname === '/api/select/') return ok([saved], { total: 1 });
    if (call.url.pathname === '/api/action/save/') return ok({ id: 7, created: false });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const calledOn = (path: string) => calls.filter((c) => c.url.pathname === path);

describe('数据源管理: the database name is part of where the password goes', () => {
  it('a changed database name needs the password again; nothing is saved without it', async () => {
    renderWithApp(<ConnSqlPage />);
    await screen.findByText('本机PG');
    await userEvent.click(screen.getByTestId('row-edit'));
    const root = (await screen.findByTestId('conn-save')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(root).getByText('密码不会显示；留空则保留已保存的密码。')).toBeTruthy();
    const database = within(root).getByLabelText('数据库名称');
    await userEvent.clear(database);
    await userEvent.click(database);
    await userEvent.paste('other_db');
    expect(await within(root).findByText('数据库名已修改，请重新输入密码。')).toBeTruthy();
    await userEvent.click(within(root).getByTestId('conn-save'));
    expect(await within(root).findByText('请输入密码')).toBeTruthy();
    expect(calledOn('/api/action/save/')).toHaveLength(0);
    await userEvent.click(within(root).getByLabelText('密码'));
    await userEvent.paste('new-secret');
    await userEvent.click(within(root).getByTestId('conn-save'));
    await waitFor(() => expect(calledOn('/api/action/save/')).toHaveLength(1));
    expect(calledOn('/api/action/save/')[0]!.body).toMatchObject({ params: { databaseName: 'other_db', databasePsd: 'new-secret' } });
  });
});
