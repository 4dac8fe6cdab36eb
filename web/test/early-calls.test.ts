import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_CALLS_GLOBAL,
  EARLY_LANGUAGE_KEY,
  EARLY_LANGUAGES,
  earlyCallsFor,
  earlyLanguage,
  earlyScriptsFor,
  endOpening,
  SHELL_CALLS,
  startRecording,
  type EarlyCalls,
} from '../src/api/earlyCalls.ts';
import { fetchUserInfo } from '../src/api/auth.ts';
import { call } from '../src/api/client.ts';
import { fetchMenu } from '../src/api/system.ts';
import { clearToken, setToken } from '../src/api/token.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '../src/i18n/index.ts';
import { fakeFetch, ok } from './helpers.tsx';

// A typed URL's API calls started before the app's code (api/earlyCalls.ts, boot/earlyCalls.ts; docs/web-pages.md
// "Speed"): the client takes an answer started early for exactly the call it makes, once; a page's opening calls are
// remembered for its next typed URL.
const json = (data: unknown) => new Response(JSON.stringify({ status: 200, success: true, data }), { headers: { 'content-type': 'application/json' } });
const leaveEarly = (answers: Record<string, Promise<Response>>, token = 'tok', lang = 'zh-CN') =>
  ((globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = { token, lang, answers } satisfies EarlyCalls);

beforeEach(() => {
  // performance.now() is the time since the navigation in a browser; here, since the test worker started
  vi.spyOn(performance, 'now').mockReturnValue(200);
  setToken('tok');
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
  endOpening();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the early answers', () => {
  it('the shell’s two calls are the very URLs the app asks for: both taken, nothing sent', async () => {
    const sent = fakeFetch(() => ok([]));
    leaveEarly({ [SHELL_CALLS[0]!]: Promise.resolve(json([{ id: 1, loginid: 'admin' }])), [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) });
    expect(await fetchUserInfo()).toEqual({ id: 1, loginid: 'admin' });
    expect(await fetchMenu()).toEqual([{ id: 7 }]);
    expect(sent).toHaveLength(0);
    // taken once: the next call asks the server
    await fetchMenu();
    expect(sent.map((c) => c.url.pathname)).toEqual(['/api/system/menu/']);
  });

  it('is not taken for another token, another language, or after the first seconds', async () => {
    const sent = fakeFetch(() => ok([]));
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) }, 'someone-else');
    expect(await fetchMenu()).toEqual([]);
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) }, 'tok', 'en-US');
    expect(await fetchMenu()).toEqual([]);
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(await fetchMenu()).toEqual([]);
    expect(sent).toHaveLength(3);
  });

  it('is not taken after a click or a call that changes data', async () => {
    const sent = fakeFetch(() => ok([]));
    startRecording('/manage/menu');
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) });
    window.dispatchEvent(new Event('pointerdown'));
    expect(await fetchMenu()).toEqual([]);
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.resolve(json([{ id: 7 }])) });
    await call('save', { body: { _flag: 'sys_menu', id: 1 } as never }).catch(() => undefined);
    expect(await fetchMenu()).toEqual([]);
    expect(sent.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('an early call that failed on the way is asked again', async () => {
    const sent = fakeFetch(() => ok([{ id: 8 }]));
    leaveEarly({ [SHELL_CALLS[1]!]: Promise.reject(new TypeError('network')) });
    expect(await fetchMenu()).toEqual([{ id: 8 }]);
    expect(sent).toHaveLength(1);
  });

  it('starts in the language the app starts in, under the same storage key', () => {
    expect(EARLY_LANGUAGE_KEY).toBe(LANGUAGE_KEY);
    expect([...EARLY_LANGUAGES]).toEqual([...LANGUAGES]);
    expect(EARLY_LANGUAGES[0]).toBe(DEFAULT_LANGUAGE);
    localStorage.setItem(LANGUAGE_KEY, 'en-US');
    expect(earlyLanguage()).toBe('en-US');
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    expect(earlyLanguage()).toBe('zh-CN');
  });
});

describe('the calls remembered', () => {
  it('a page’s opening calls are started for its next typed URL; a page never opened starts the shell’s two', async () => {
    fakeFetch(() => ok([]));
    expect(earlyCallsFor('/manage/menu')).toEqual(SHELL_CALLS);
    expect(earlyCallsFor('/user/login')).toEqual([]);
    startRecording('/manage/menu');
    await fetchUserInfo();
    await call('schema', { params: { flag: 'sys_menu' }, silent: true });
    await call('schema', { params: { flag: 'sys_menu' }, silent: true });
    await call('save', { body: { _flag: 'sys_menu', id: 1 } as never }).catch(() => undefined);
    endOpening();
    expect(earlyCallsFor('/manage/menu')).toEqual(['/api/user/userInfo/', '/api/schema/sys_menu']);
    expect(earlyCallsFor('/manage/role')).toEqual(SHELL_CALLS);
    // after the opening nothing more is remembered
    await call('schema', { params: { flag: 'sys_role' }, silent: true });
    expect(earlyCallsFor('/manage/menu')).toEqual(['/api/user/userInfo/', '/api/schema/sys_menu']);
  });

  it('a click ends the opening; a failed call is not remembered', async () => {
    fakeFetch((c) => (c.url.pathname.includes('sys_role') ? { status: 500, body: { status: false, message: 'x' } } : ok([])));
    startRecording('/manage/role');
    await call('schema', { params: { flag: 'sys_role' }, silent: true }).catch(() => undefined);
    await fetchMenu();
    window.dispatchEvent(new Event('pointerdown'));
    await fetchUserInfo();
    expect(earlyCallsFor('/manage/role')).toEqual([SHELL_CALLS[1]]);
  });

  it('remembers the code files the opening loaded, not the entry', () => {
    startRecording('/manage/menu');
    const entries = ['/assets/index-AAAA1111.js', '/assets/shell-BBBB2222.js', '/assets/MenuPage-CCCC3333.js', '/assets/index-DDDD.css', '/api/x/'].map(
      (p) => ({ name: `${location.origin}${p}` }) as PerformanceEntry,
    );
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entries as PerformanceEntryList);
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = '/assets/index-AAAA1111.js';
    document.head.appendChild(entry);
    try {
      endOpening();
    } finally {
      entry.remove();
    }
    expect(earlyScriptsFor('/manage/menu')).toEqual(['/assets/shell-BBBB2222.js', '/assets/MenuPage-CCCC3333.js']);
  });

  it('logging out forgets them', async () => {
    fakeFetch(() => ok([]));
    startRecording('/manage/menu');
    await call('schema', { params: { flag: 'sys_menu' }, silent: true });
    expect(earlyCallsFor('/manage/menu')).toEqual(['/api/schema/sys_menu']);
    clearToken();
    expect(earlyCallsFor('/manage/menu')).toEqual(SHELL_CALLS);
  });

  it('a path not opened before in this browser preloads the chunks every /manage page loads (issue 31)', () => {
    const firstTime = ['/assets/routes-A1.js', '/assets/shell-B2.js', '/assets/table-C3.js', '/evil.js'];
    expect(earlyScriptsFor('/manage/user', firstTime)).toEqual(['/assets/routes-A1.js', '/assets/shell-B2.js', '/assets/table-C3.js']);
    expect(earlyScriptsFor('/user/login', firstTime)).toEqual([]);
    localStorage.setItem('qb.earlyCalls', JSON.stringify({ paths: { '/manage/user': { urls: ['/api/user/list/'], scripts: ['/assets/UserPages-D4.js'] } } }));
    expect(earlyScriptsFor('/manage/user', firstTime)).toEqual(['/assets/UserPages-D4.js']);
  });

  it('ignores what it cannot use in storage', () => {
    localStorage.setItem(
      'qb.earlyCalls',
      JSON.stringify({ paths: { '/manage/menu': { urls: ['https://elsewhere/api/x', 5, '/api/schema/sys_menu'], scripts: ['/evil.js', '/assets/a-1.js'] } } }),
    );
    expect(earlyCallsFor('/manage/menu')).toEqual(['/api/schema/sys_menu']);
    expect(earlyScriptsFor('/manage/menu')).toEqual(['/assets/a-1.js']);
    localStorage.setItem('qb.earlyCalls', '{not json');
    expect(earlyCallsFor('/manage/menu')).toEqual(SHELL_CALLS);
  });
});
