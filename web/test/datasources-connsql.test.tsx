import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConnSqlPage from '../src/pages/datasources/ConnSqlPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta } from './datasources-fixtures.ts';

type Reply = { status?: number; body?: unknown };
let calls: FakeCall[];
let testReply: () => Reply;
const saved = { id: 7, name: '本机PG', englishName: 'localpg', sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'test', databaseUser: 'postgres' };

beforeEach(async () => {
  await setLanguage('zh-CN');
  testReply = () => ok({ ok: true, elapsedMs: 12 });
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (call.url.pathname === '/api/select/') return ok([saved], { total: 1 });
    if (call.url.pathname === '/api/datasources/test/') return testReply();
    if (call.url.pathname === '/api/action/save/') return ok({ id: 7, created: false });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const dialog = async () => (await screen.findByTestId('conn-save')).closest<HTMLElement>('[role="dialog"]')!;
const errors = (root: HTMLElement) => [...root.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const calledOn = (path: string) => calls.filter((c) => c.url.pathname === path);

async function openAdd() {
  renderWithApp(<ConnSqlPage />);
  await screen.findByText('本机PG');
  await userEvent.click(screen.getByTestId('toolbar-add'));
  return dialog();
}

/** Types a whole value as one input (a paste): typing it key by key re-renders the dialog's form per key, seconds in jsdom. */
async function enter(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

async function fillAll(root: HTMLElement) {
  const d = within(root);
  await enter(d.getByLabelText('连接名称'), '本机PG');
  await enter(d.getByLabelText('英文名称'), 'localpg');
  await userEvent.click(d.getByLabelText('数据库类型'));
  await userEvent.click(await screen.findByTitle('PostgreSQL'));
  await enter(d.getByLabelText('主机地址'), '127.0.0.1');
  await enter(d.getByLabelText('数据库名称'), 'test');
  await enter(d.getByLabelText('用户名'), 'postgres');
  await enter(d.getByLabelText('密码'), 'secret');
}

describe('数据源管理', () => {
  it('lists the connections with pages of 20 to 200', async () => {
    renderWithApp(<ConnSqlPage />);
    expect(await screen.findByText('本机PG')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/select/')!;
    expect(list.url.searchParams.get('_flag')).toBe('sys_connsql');
    expect(list.url.searchParams.get('row')).toBe('20');
  });

  it('checks each field when it loses focus, with the spec’s messages, and saves nothing', async () => {
    const root = await openAdd();
    const d = within(root);
    fireEvent.focus(d.getByLabelText('连接名称'));
    fireEvent.blur(d.getByLabelText('连接名称'));
    await waitFor(() => expect(errors(root)).toEqual(['请输入连接名称']));

    await userEvent.type(d.getByLabelText('英文名称'), 'a'.repeat(21));
    fireEvent.blur(d.getByLabelText('英文名称'));
    await waitFor(() => expect(errors(root)).toContain('长度在 1 到 20 个字符'));

    for (const [label, message] of [
      ['主机地址', '请输入主机地址'],
      ['数据库名称', '请输入数据库名称'],
      ['用户名', '请输入用户名'],
      ['密码', '请输入密码'],
    ]) {
      fireEvent.blur(d.getByLabelText(label!));
      await waitFor(() => expect(errors(root)).toContain(message));
    }
    await userEvent.click(d.getByTestId('conn-save'));
    await waitFor(() => expect(errors(root)).toContain('请选择数据库类型'));
    expect(errors(root)).toContain('请输入端口');
    expect(calledOn('/api/action/save/')).toHaveLength(0);
    // escape does not close it
    fireEvent.keyDown(root, { key: 'Escape', code: 'Escape' });
    expect(screen.getByTestId('conn-save')).toBeTruthy();
  });

  it('测试连接 shows the time on success and the server’s reason in the dialog on failure', async () => {
    const root = await openAdd();
    await fillAll(root);
    // choosing PostgreSQL filled the usual port
    expect((within(root).getByLabelText('端口') as HTMLInputElement).value).toBe('5432');
    await userEvent.click(within(root).getByTestId('conn-test'));
    expect(await within(root).findByText('连接成功，用时 12 毫秒')).toBeTruthy();
    expect(calledOn('/api/datasources/test/')[0]!.body).toEqual({
      sqlType: 4,
      mainAddr: '127.0.0.1',
      port: 5432,
      databaseName: 'test',
      databaseUser: 'postgres',
      databasePsd: 'secret',
    });

    testReply = () => ({ status: 400, body: { status: false, success: false, message: '登录被拒绝：用户 postgres 的密码错误' } });
    await userEvent.click(within(root).getByTestId('conn-test'));
    const result = await within(root).findByTestId('conn-test-result');
    await waitFor(() => expect(result.textContent).toContain('连接失败'));
    expect(result.textContent).toContain('登录被拒绝：用户 postgres 的密码错误');
    expect(calledOn('/api/action/save/')).toHaveLength(0);
  });

  it('editing shows no password, and an empty one keeps the stored password (not sent)', async () => {
    renderWithApp(<ConnSqlPage />);
    await screen.findByText('本机PG');
    await userEvent.click(screen.getByTestId('row-edit'));
    const root = await dialog();
    const password = within(root).getByLabelText('密码') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('留空则不修改');
    await userEvent.click(within(root).getByTestId('conn-test'));
    await within(root).findByText('连接成功，用时 12 毫秒');
    // the stored password is used: the test names the connection
    expect(calledOn('/api/datasources/test/')[0]!.body).toMatchObject({ id: 7 });
    expect(calledOn('/api/datasources/test/')[0]!.body).not.toHaveProperty('databasePsd');

    const name = within(root).getByLabelText('连接名称');
    await userEvent.clear(name);
    await userEvent.type(name, '本机PG2');
    await userEvent.click(within(root).getByTestId('conn-save'));
    await waitFor(() => expect(calledOn('/api/action/save/')).toHaveLength(1));
    expect(calledOn('/api/action/save/')[0]!.body).toEqual({
      _flag: 'sys_connsql',
      params: { ...saved, name: '本机PG2' },
    });
  });

  it('a changed host needs the password again (the stored one goes only where it was saved for)', async () => {
    renderWithApp(<ConnSqlPage />);
    await screen.findByText('本机PG');
    await userEvent.click(screen.getByTestId('row-edit'));
    const root = await dialog();
    const host = within(root).getByLabelText('主机地址');
    await userEvent.clear(host);
    await userEvent.type(host, 'db.example.test');
    expect(await within(root).findByText('类型、主机、端口或用户已修改，请重新输入密码。')).toBeTruthy();
    await userEvent.click(within(root).getByTestId('conn-save'));
    expect(await within(root).findByText('请输入密码')).toBeTruthy();
    expect(calledOn('/api/action/save/')).toHaveLength(0);
    await userEvent.type(within(root).getByLabelText('密码'), 'new-secret');
    await userEvent.click(within(root).getByTestId('conn-save'));
    await waitFor(() => expect(calledOn('/api/action/save/')).toHaveLength(1));
    expect(calledOn('/api/action/save/')[0]!.body).toMatchObject({ params: { mainAddr: 'db.example.test', databasePsd: 'new-secret' } });
  });
});
