import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sha256 } from 'js-sha256';
import { PasswordDialog } from '../src/shell/PasswordDialog.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, renderWithApp } from './helpers.tsx';

beforeEach(async () => {
  await setLanguage('zh-CN');
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByTestId('password-submit'));

describe('change-password dialog', () => {
  it('shows the messages of SPEC.md §5', async () => {
    const calls = fakeFetch(() => ({ body: { status: 200 } }));
    renderWithApp(<PasswordDialog open onClose={() => undefined} />);
    await submit();
    expect(await screen.findByText('请输入当前密码~')).toBeTruthy();
    expect(await screen.findByText('请输入新密码~')).toBeTruthy();
    expect(await screen.findByText('请输入确认密码~')).toBeTruthy();

    await userEvent.type(field('新密码'), '  12345   ');
    expect(await screen.findByText('密码长度不能小于6位~')).toBeTruthy();
    await userEvent.type(field('确认密码'), 'other');
    expect(await screen.findByText('两次密码输入不一致~')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends both passwords hashed, shows 修改中... while saving, says the other sessions ended, and closes', async () => {
    let release: () => void = () => undefined;
    const calls = fakeFetch(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { status: 200, success: true, message: '密码已修改' } });
        }),
    );
    const onClose = vi.fn();
    renderWithApp(<PasswordDialog open onClose={onClose} />);
    await userEvent.type(field('当前密码'), 'old-pass');
    await userEvent.type(field('新密码'), 'new-pass-1');
    await userEvent.type(field('确认密码'), 'new-pass-1');
    await submit();
    expect(await screen.findByText('修改中...')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/user/changePassword/');
    expect(calls[0].body).toEqual({ oldPass: sha256('old-pass'), newPass: sha256('new-pass-1') });
    release();
    expect(await screen.findByText('密码已修改，该账号在其他地方的登录已全部退出，当前登录不受影响。')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a refused change shows the server message and keeps the dialog open', async () => {
    fakeFetch(() => ({ status: 400, body: { status: false, success: false, message: '当前密码不正确' } }));
    const onClose = vi.fn();
    renderWithApp(<PasswordDialog open onClose={onClose} />);
    await userEvent.type(field('当前密码'), 'bad-pass');
    await userEvent.type(field('新密码'), 'new-pass-1');
    await userEvent.type(field('确认密码'), 'new-pass-1');
    await submit();
    expect(await screen.findByText('当前密码不正确')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('修改中...')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});
