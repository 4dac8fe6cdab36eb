import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { resetClientState, SESSION_REDIRECT_DELAY_MS } from '../src/api/client.ts';
import { getToken, setToken } from '../src/api/token.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { AppRoutes } from '../src/shell/router.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { fakeFetch, holdTimers, ok, renderWithApp, waitWithHeldTimers } from './helpers.tsx';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
});
afterEach(() => {
  resetClientState();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('an expired session, told by the answer code', () => {
  it.each([
    ['HTTP 401', 401],
    ['a 200 whose body says status false', 200],
  ])('%s with code SESSION_EXPIRED: the shell says so, forgets the token and shows the login page after 1.5 s', async (_name, status) => {
    setToken('stale-token');
    holdTimers();
    // a wording the client has never seen: only the code can tell it is an expiry
    const expired = { status, body: { status: false, success: false, message: '会话已被管理员结束', code: 'SESSION_EXPIRED' } };
    fakeFetch((call) => {
      if (call.url.pathname === '/api/user/captcha/') return ok({ enabled: false, captchaId: '', image: '' });
      return expired;
    });
    renderWithApp(
      <>
        <AppRoutes />
        <Where />
      </>,
      { path: '/manage/home' },
    );

    await waitWithHeldTimers(() => expect(screen.getByText('会话已被管理员结束')).toBeTruthy());
    expect(getToken()).toBeNull();
    act(() => void vi.advanceTimersByTime(SESSION_REDIRECT_DELAY_MS - 1));
    expect(screen.getByTestId('where').textContent).toBe('/manage/home');
    act(() => void vi.advanceTimersByTime(1));
    await waitWithHeldTimers(() => expect(screen.getByTestId('where').textContent).toBe('/user'));
    await waitWithHeldTimers(() => expect(screen.getByTestId('login-submit')).toBeTruthy());
  });

  it('a refusal with another code keeps the session and the page', async () => {
    setToken('good-token');
    holdTimers();
    fakeFetch((call) => {
      if (call.url.pathname === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', roles: [], roleNames: [] }]);
      return { status: 403, body: { status: false, success: false, message: '没有访问权限，拒绝访问', code: 'FORBIDDEN' } };
    });
    renderWithApp(
      <>
        <AppRoutes />
        <Where />
      </>,
      { path: '/manage/home' },
    );
    await waitWithHeldTimers(() => expect(screen.getAllByText('没有访问权限，拒绝访问').length).toBeGreaterThan(0));
    act(() => void vi.advanceTimersByTime(SESSION_REDIRECT_DELAY_MS * 2));
    expect(getToken()).toBe('good-token');
    expect(screen.getByTestId('where').textContent).toBe('/manage/home');
  });
});
