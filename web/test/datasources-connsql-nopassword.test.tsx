import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOURCE_NO_PASSWORD } from '@qb/contracts';
import ConnSqlPage from '../src/pages/datasources/ConnSqlPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta } from './datasources-fixtures.ts';

/** 无密码 (issue 19 #8): a database without a password is said explicitly, apart from 'keep the stored one'. */
let calls: FakeCall[];
const saved = { id: 7, name: '本机PG', englishName: 'localpg', sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'test', databaseUser: 'postgres' };

beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (call.url.pathname === '/api/select/') return ok([saved], { total: 1 });
    if (call.url.pathname === '/api/datasources/test/') return ok({ ok: true, elapsedMs: 3 });
    if (call.url.pathname === '/api/action/save/') return ok({ id: 8, created: true });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const dialog = async () => (await screen.findByTestId('conn-save')).closest<HTMLElement>('[role="dialog"]')!;
const calledOn = (path: string) => calls.filter((c) => c.url.pathname === path);
async function enter(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

describe('数据源 无密码', () => {
  it('a new MariaDB root without a password: tested with noPassword, saved as SOURCE_NO_PASSWORD, no password asked', async () => {
    renderWithApp(<ConnSqlPage />);
    await screen.findByText('本机PG');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const root = await dialog();
    const d = within(root);
    await enter(d.getByLabelText('连接名称'), '本机Maria');
    await enter(d.getByLabelText('英文名称'), 'maria');
    await userEvent.click(d.getByLabelText('数据库类型'));
    await userEvent.click(await screen.findByTitle('MySQL/MariaDB'));
    await enter(d.getByLabelText('主机地址'), '127.0.0.1');
    await enter(d.getByLabelText('数据库名称'), 'test');
    await enter(d.getByLabelText('用户名'), 'root');
    await userEvent.click(d.getByLabelText('无密码'));
    expect((d.getByLabelText('密码') as HTMLInputElement).disabled).toBe(true);
    expect(d.getByText(/该数据库不需要密码/)).toBeTruthy();

    await userEvent.click(d.getByTestId('conn-test'));
    await d.findByText('连接成功，用时 3 毫秒');
    expect(calledOn('/api/datasources/test/')[0]!.body).toEqual({
      sqlType: 2,
      mainAddr: '127.0.0.1',
      port: 3306,
      databaseName: 'test',
      databaseUser: 'root',
      noPassword: true,
    });

    await userEvent.click(d.getByTestId('conn-save'));
    await waitFor(() => expect(calledOn('/api/action/save/')).toHaveLength(1));
    expect([...root.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual([]);
    expect(calledOn('/api/action/save/')[0]!.body).toEqual({
      _flag: 'sys_connsql',
      params: {
        name: '本机Maria',
        englishName: 'maria',
        sqlType: 2,
        mainAddr: '127.0.0.1',
        port: 3306,
        databaseName: 'test',
        databaseUser: 'root',
        databasePsd: SOURCE_NO_PASSWORD,
      },
    });
  });

  it('an edited source moved elsewhere is not held back when it has no password (said by 无密码)', async () => {
    await setLanguage('en-US');
    renderWithApp(<ConnSqlPage />);
    await screen.findByText('本机PG');
    await userEvent.click(screen.getByTestId('row-edit'));
    const root = await dialog();
    const d = within(root);
    const database = d.getByTestId('form-field-databaseName').querySelector('input')!;
    await userEvent.clear(database);
    await enter(database, 'other');
    await userEvent.click(d.getByLabelText('No password'));
    await userEvent.click(d.getByTestId('conn-save'));
    await waitFor(() => expect(calledOn('/api/action/save/')).toHaveLength(1));
    expect(calledOn('/api/action/save/')[0]!.body).toEqual({
      _flag: 'sys_connsql',
      params: { ...saved, databaseName: 'other', databasePsd: SOURCE_NO_PASSWORD },
    });
  });
});
