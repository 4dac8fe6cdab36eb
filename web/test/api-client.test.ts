import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE_EN, SESSION_EXPIRED_MESSAGE_ZH } from '@qb/contracts';
import { ApiError, configureClient, request, resetClientState } from '../src/api/client.ts';
import { getToken, setToken, TOKEN_KEY } from '../src/api/token.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok } from './helpers.tsx';

const notifyError = vi.fn();
const redirectToLogin = vi.fn();

beforeEach(async () => {
  notifyError.mockReset();
  redirectToLogin.mockReset();
  configureClient({ notifyError, redirectToLogin });
  await setLanguage('zh-CN');
});

afterEach(() => {
  resetClientState();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('HTTP failures show the texts of SPEC.md §8', () => {
  const table: [number, string][] = [
    [400, '错误请求'],
    [401, '未授权，请重新登录'],
    [403, '没有权限访问，拒绝访问'],
    [404, '请求错误，未找到该资源'],
    [405, '请求方法未允许'],
    [408, '请求超时'],
    [500, '服务器端出错'],
    [501, '网络未实现'],
    [502, '网络错误'],
    [503, '服务不可用'],
    [504, '网络超时'],
  ];
  it.each(table)('HTTP %i without a message in the body -> %s', async (status, text) => {
    fakeFetch(() => ({ status, body: '' }));
    // a call made before login: a 401 here is a refusal, not an expired session
    const error = await failure(request('/api/x/', { auth: false }));
    expect(error.message).toBe(text);
    expect(error.status).toBe(status);
    expect(notifyError).toHaveBeenCalledWith(text);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('the server message wins when the body has one (500 shows the server its own message)', async () => {
    fakeFetch(() => ({ status: 500, body: { status: false, message: '数据库不可用' } }));
    expect((await failure(request('/api/x/'))).message).toBe('数据库不可用');
    fakeFetch(() => ({ status: 400, body: { status: false, msg: '参数 page 必须是数字' } }));
    expect((await failure(request('/api/x/'))).message).toBe('参数 page 必须是数字');
  });

  it('another status: connection error, plus the server message when there is one', async () => {
    fakeFetch(() => ({ status: 418, body: '' }));
    expect((await failure(request('/api/x/'))).message).toBe('连接错误418');
    fakeFetch(() => ({ status: 429, body: { status: false, message: '尝试次数过多，请稍后再试' } }));
    expect((await failure(request('/api/x/'))).message).toBe('连接错误429：尝试次数过多，请稍后再试');
  });

  it('no response: failed to connect to server', async () => {
    fakeFetch(() => new TypeError('Failed to fetch'));
    const error = await failure(request('/api/x/'));
    expect(error.message).toBe('连接服务器失败');
    expect(error.kind).toBe('network');
    expect(notifyError).toHaveBeenCalledWith('连接服务器失败');
  });

  it('gives up after the timeout with 请求超时', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const error = await failure(request('/api/x/', { timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('请求超时');
  });

  it('texts follow the UI language', async () => {
    await setLanguage('en-US');
    fakeFetch(() => ({ status: 403, body: '' }));
    expect((await failure(request('/api/x/'))).message).toBe('No access permission, access denied');
    fakeFetch(() => new TypeError('Failed to fetch'));
    expect((await failure(request('/api/x/'))).message).toBe('Failed to connect to the server');
  });
});

describe('body-level errors', () => {
  it.each([
    ['message', { status: false, success: false, message: '名称不能为空' }],
    ['msg', { status: false, msg: '名称不能为空' }],
    ['errMsg', { status: 0, errMsg: '名称不能为空' }],
  ])('a falsy status shows its %s and rejects', async (_, body) => {
    fakeFetch(() => ({ status: 200, body }));
    const error = await failure(request('/api/action/save/', { method: 'POST', body: {} }));
    expect(error.kind).toBe('body');
    expect(error.message).toBe('名称不能为空');
    expect(notifyError).toHaveBeenCalledWith('名称不能为空');
  });

  it('a body without status or message is a failure too', async () => {
    fakeFetch(() => ({ status: 200, body: { data: [] } }));
    expect((await failure(request('/api/x/'))).message).toBe('操作失败');
  });

  it('silent calls reject without a toast', async () => {
    fakeFetch(() => ({ status: 200, body: { status: false, message: 'nope' } }));
    await failure(request('/api/x/', { silent: true }));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a truthy status resolves with the envelope itself', async () => {
    fakeFetch(() => ok([{ id: 1 }], { total: 1 }));
    const answer = await request<{ id: number }[]>('/api/select/');
    expect(answer.data).toEqual([{ id: 1 }]);
    expect(answer.total).toBe(1);
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('session', () => {
  it('sends the stored token, the UI language and JSON', async () => {
    setToken('tok-1');
    const calls = fakeFetch(() => ok());
    await request('/api/select/', { query: { _flag: 'sys_member', page: 1, wheres: { isdelete: 0 }, sort: undefined } });
    expect(calls[0].headers.authorization).toBe('tok-1');
    expect(calls[0].headers['accept-language']).toBe('zh-CN');
    expect(calls[0].url.searchParams.get('wheres')).toBe('{"isdelete":0}');
    expect(calls[0].url.searchParams.has('sort')).toBe(false);
  });

  it('calls made before login carry no token', async () => {
    setToken('tok-1');
    const calls = fakeFetch(() => ok());
    await request('/api/user/captcha/', { auth: false });
    expect(calls[0].headers.authorization).toBeUndefined();
  });

  it('an authorization response header replaces the stored token', async () => {
    setToken('old');
    fakeFetch(() => ({ ...ok(), headers: { authorization: 'new' } }));
    await request('/api/x/');
    expect(getToken()).toBe('new');
  });

  it('HTTP 401 removes the token and goes to /user after 1.5 s, once for calls that fail together', async () => {
    vi.useFakeTimers();
    setToken('tok-1');
    fakeFetch(() => ({ status: 401, body: { status: false, success: false, message: SESSION_EXPIRED_MESSAGE_ZH, code: 'SESSION_EXPIRED' } }));
    const errors = await Promise.all([failure(request('/api/a/')), failure(request('/api/b/'))]);
    expect(errors[0].sessionExpired).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE_ZH);
    vi.advanceTimersByTime(1_499);
    expect(redirectToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 without a body says 未授权 and still redirects', async () => {
    vi.useFakeTimers();
    setToken('tok-1');
    fakeFetch(() => ({ status: 401, body: '' }));
    await failure(request('/api/a/'));
    expect(notifyError).toHaveBeenCalledWith('未授权，请重新登录');
    vi.advanceTimersByTime(1_500);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it.each([SESSION_EXPIRED_MESSAGE_ZH, 'Session gone (any wording)'])(
    'the code SESSION_EXPIRED in a 200 body is a session expiry too, whatever the message (%s)',
    async (text) => {
      vi.useFakeTimers();
      setToken('tok-1');
      fakeFetch(() => ({ status: 200, body: { status: false, success: false, message: text, code: 'SESSION_EXPIRED' } }));
      const error = await failure(request('/api/a/'));
      expect(error.sessionExpired).toBe(true);
      expect(error.code).toBe('SESSION_EXPIRED');
      expect(getToken()).toBeNull();
      expect(notifyError).toHaveBeenCalledWith(text);
      vi.advanceTimersByTime(1_500);
      expect(redirectToLogin).toHaveBeenCalledTimes(1);
    },
  );

  it.each([SESSION_EXPIRED_MESSAGE_ZH, SESSION_EXPIRED_MESSAGE_EN])(
    'the expired message without the code (%s) is an ordinary failure: texts are for people',
    async (text) => {
      vi.useFakeTimers();
      setToken('tok-1');
      fakeFetch(() => ({ status: 400, body: { status: false, success: false, message: text, code: 'BAD_PARAM' } }));
      const error = await failure(request('/api/a/'));
      expect(error.sessionExpired).toBe(false);
      expect(error.code).toBe('BAD_PARAM');
      expect(getToken()).toBe('tok-1');
      vi.advanceTimersByTime(3_000);
      expect(redirectToLogin).not.toHaveBeenCalled();
    },
  );

  it('a 401 on the login call is a refused login, not an expiry', async () => {
    vi.useFakeTimers();
    fakeFetch(() => ({ status: 401, body: { status: false, message: '用户名或密码错误' } }));
    const error = await failure(request('/api/user/login/', { method: 'POST', body: {}, auth: false }));
    expect(error.message).toBe('用户名或密码错误');
    vi.advanceTimersByTime(3_000);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
