import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { sha256 } from 'js-sha256';
import LoginPage, { LOGIN_SUCCESS_DELAY_MS } from '../src/shell/LoginPage.tsx';
import { getToken, setToken } from '../src/api/token.ts';
import { resetClientState } from '../src/api/client.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { TABS_KEY, useTabsStore } from '../src/app/stores.ts';
import { fakeFetch, holdTimers, ok, renderWithApp, waitWithHeldTimers, type FakeCall } from './helpers.tsx';

const captcha = (enabled: boolean, n = 1) => ok({ enabled, captchaId: `c${n}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' });

function renderLogin() {
  return renderWithApp(
    <Routes>
      <Route path="/user" element={<LoginPage />} />
      <Route path="/manage" element={<div>MANAGE PAGE</div>} />
    </Routes>,
    { path: '/user' },
  );
}

beforeEach(async () => {
  await setLanguage('zh-CN');
});
afterEach(() => {
  resetClientState();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('asks for the three fields with the messages of SPEC.md §5', async () => {
    fakeFetch(() => captcha(true));
    renderLogin();
    await screen.findByAltText('验证码图片，点击换一张');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    // the code field's error reaches its outer item one render later
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
  });

  it('in English too', async () => {
    await setLanguage('en-US');
    fakeFetch(() => captcha(true));
    renderLogin();
    await screen.findByAltText('Verification code image, click for a new one');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();
  });

  it('hides the code field when the server has the captcha off', async () => {
    fakeFetch(() => captcha(false));
    renderLogin();
    await waitFor(() => expect(screen.queryByPlaceholderText('验证码')).toBeNull());
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.queryByText('请输入验证码')).toBeNull();
  });

  it('clears the stored session on arrival', async () => {
    setToken('stale');
    useTabsStore.getState().open('/manage/menu');
    const calls = fakeFetch(() => ({ body: { status: 200, success: true, message: '' } }));
    renderLogin();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(useTabsStore.getState().tabs).toEqual(['/manage/home']);
    expect(JSON.parse(localStorage.getItem(TABS_KEY)!).state.tabs).toEqual(['/manage/home']);
    // the old token is revoked on the server as well
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/user/logout/' && c.headers.authorization === 'stale')).toBe(true));
  });

  it('sends the SHA-256 of the password, shows 登录中... and 登录成功！, then stores the token and opens /manage after 1.5 s', async () => {
    let release: () => void = () => undefined;
    const calls = fakeFetch((call: FakeCall) => {
      if (call.url.pathname === '/api/user/captcha/') return captcha(true);
      return new Promise((resolve) => {
        release = () => resolve({ body: { status: 200, success: true, message: '登录成功！', token: 'tok-9', data: { token: 'tok-9' } } });
      });
    });
    renderLogin();
    await screen.findByAltText('验证码图片，点击换一张');
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'secret 1');
    await userEvent.type(screen.getByPlaceholderText('验证码'), '1234');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('登录中...')).toBeTruthy();

    const login = calls.find((c) => c.url.pathname === '/api/user/login/')!;
    expect(login.body).toEqual({ loginid: 'admin', pass: sha256('secret 1'), vcode: '1234', captchaId: 'c1' });
    expect(login.headers.authorization).toBeUndefined();

    holdTimers();
    await act(async () => release());
    await waitWithHeldTimers(() => expect(screen.getByText('登录成功！')).toBeTruthy());
    act(() => void vi.advanceTimersByTime(LOGIN_SUCCESS_DELAY_MS - 1));
    expect(getToken()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(getToken()).toBe('tok-9');
    await waitWithHeldTimers(() => expect(screen.getByText('MANAGE PAGE')).toBeTruthy());
  });

  it('a wrong code shows 验证码错误!, fetches a new captcha and gives the button back', async () => {
    let captchas = 0;
    fakeFetch((call) => {
      if (call.url.pathname === '/api/user/captcha/') return captcha(true, ++captchas);
      return { body: { status: false, success: false, message: '验证码错误!' } };
    });
    renderLogin();
    await screen.findByAltText('验证码图片，点击换一张');
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'whatever');
    await userEvent.type(screen.getByPlaceholderText('验证码'), '0000');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('验证码错误!')).toBeTruthy();
    await waitFor(() => expect(captchas).toBe(2));
    expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('login-submit').className).not.toContain('ant-btn-loading');
    expect(screen.queryByText('登录中...')).toBeNull();
  });

  it('clicking the image fetches a new captcha', async () => {
    let captchas = 0;
    fakeFetch(() => captcha(true, ++captchas));
    renderLogin();
    await screen.findByAltText('验证码图片，点击换一张');
    await userEvent.click(screen.getByTestId('captcha'));
    await waitFor(() => expect(captchas).toBe(2));
  });

  it('a wrong password shows the server message and resets the loading flag', async () => {
    fakeFetch((call) =>
      call.url.pathname === '/api/user/captcha/' ? captcha(false) : { status: 401, body: { status: false, success: false, message: '用户名或密码错误' } },
    );
    renderLogin();
    await waitFor(() => expect(screen.queryByPlaceholderText('验证码')).toBeNull());
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'nope');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('登录中...')).toBeNull());
    expect(screen.queryByText('MANAGE PAGE')).toBeNull();
  });

  it('a successful login after a wrong password shows 登录成功！ alone, without the earlier error beside it', async () => {
    let attempts = 0;
    fakeFetch((call) => {
      if (call.url.pathname === '/api/user/captcha/') return captcha(false);
      return ++attempts === 1
        ? { status: 401, body: { status: false, success: false, message: '用户名或密码错误' } }
        : { body: { status: 200, success: true, message: '登录成功！', token: 'tok-2', data: { token: 'tok-2' } } };
    });
    renderLogin();
    await waitFor(() => expect(screen.queryByPlaceholderText('验证码')).toBeNull());
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'nope');
    // the error toast lasts 3 s: time stands still from before it is shown, so it is still up when the second try succeeds
    holdTimers();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitWithHeldTimers(() => expect(screen.getByText('用户名或密码错误')).toBeTruthy());
    await waitWithHeldTimers(() => expect(screen.getByTestId('login-submit').className).not.toContain('ant-btn-loading'));

    fireEvent.click(screen.getByTestId('login-submit'));
    await waitWithHeldTimers(() => expect(screen.getByText('登录成功！')).toBeTruthy());
    await waitWithHeldTimers(() => expect(screen.queryByText('用户名或密码错误')).toBeNull());
    expect(screen.getByText('登录成功！')).toBeTruthy();
  });
});
