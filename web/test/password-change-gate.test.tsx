import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sha256 } from 'js-sha256';
import { PasswordChangeGate } from '../src/shell/PasswordChangeGate.tsx';
import { request } from '../src/api/client.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

beforeEach(async () => {
  await setLanguage('zh-CN');
});
afterEach(() => vi.unstubAllGlobals());

const user = (mustChangePassword: boolean) => ({
  id: 7,
  loginid: 'fresh',
  name: '新人',
  roles: [],
  roleNames: [],
  isAdmin: false,
  grants: {},
  menuIds: [],
  mustChangePassword,
});

describe('an account whose password an administrator set', () => {
  it('sees only the password dialog, which cannot be closed, until the password is changed; then the shell', async () => {
    let changed = false;
    const calls = fakeFetch((call) => {
      if (call.url.pathname === '/api/user/userInfo/') return ok([user(!changed)]);
      if (call.url.pathname === '/api/user/changePassword/') {
        changed = true;
        return ok(undefined, { message: '密码已修改' });
      }
      return { status: 403, body: { status: false, success: false, code: 'PASSWORD_CHANGE_REQUIRED', message: '请先修改密码' } };
    });
    renderWithApp(
      <PasswordChangeGate>
        <p>the shell</p>
      </PasswordChangeGate>,
    );
    expect(await screen.findByText('请修改初始密码')).toBeTruthy();
    expect(screen.queryByText('the shell')).toBeNull();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('请修改初始密码')).toBeTruthy();
    expect(screen.getByTestId('password-logout')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('当前密码'), 'given1');
    await userEvent.type(screen.getByLabelText('新密码'), 'fresh');
    await userEvent.type(screen.getByLabelText('确认密码'), 'fresh');
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('新密码不能与账号相同~')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('新密码'));
    await userEvent.type(screen.getByLabelText('新密码'), 'given1');
    expect(await screen.findByText('新密码不能与当前密码相同~')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/user/changePassword/')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('新密码'));
    await userEvent.type(screen.getByLabelText('新密码'), 'mine-now');
    await userEvent.clear(screen.getByLabelText('确认密码'));
    await userEvent.type(screen.getByLabelText('确认密码'), 'mine-now');
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('the shell')).toBeTruthy();
    const change = calls.find((c) => c.url.pathname === '/api/user/changePassword/')!;
    expect(change.body).toEqual({ oldPass: sha256('given1'), newPass: sha256('mine-now') });
  });

  it('a call refused with PASSWORD_CHANGE_REQUIRED shows no error and makes the gate read the account again', async () => {
    let infoReads = 0;
    fakeFetch((call) => {
      if (call.url.pathname === '/api/user/userInfo/') {
        infoReads++;
        return ok([user(infoReads > 1)]);
      }
      return { status: 403, body: { status: false, success: false, code: 'PASSWORD_CHANGE_REQUIRED', message: '请先修改密码' } };
    });
    renderWithApp(
      <PasswordChangeGate>
        <p>the shell</p>
      </PasswordChangeGate>,
    );
    expect(await screen.findByText('the shell')).toBeTruthy();
    await expect(request('/api/select/', { query: { _flag: 'questionBank' } })).rejects.toThrow();
    expect(await screen.findByText('请修改初始密码')).toBeTruthy();
    await waitFor(() => expect(infoReads).toBe(2));
    expect(screen.queryByText('请先修改密码')).toBeNull();
  });
});
