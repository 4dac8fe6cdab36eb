import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeFetch, ok } from './helpers.tsx';

// shell/earlyStart.ts: a typed URL of /manage/<page> starts the account, the menu and (when the account may open it)
// the page's code and first rows before React renders; nothing for the login page, without a session, for a page the
// account may not open, or for an account that must change its password first.
const row = (id: number, parentMenu: number, name: string, url: string) => ({
  id,
  name,
  menuType: 1,
  icon: null,
  menuMark: null,
  url,
  sortNum: id,
  display: 1,
  intro: null,
  parentMenu,
  createTime: '2024-01-01 00:00:00',
});
const MENU = [row(1, 0, '题库管理', ''), row(2, 1, '题库', '/manage/questionBank')];

function answers(user: Record<string, unknown>) {
  return fakeFetch(({ url }) => {
    if (url.pathname === '/api/user/userInfo/') return ok([user]);
    if (url.pathname === '/api/system/menu/') return ok(MENU);
    if (url.pathname.startsWith('/api/schema/')) return { status: 500, body: { status: 500, success: false, message: 'not in this test' } };
    return ok([]);
  });
}

async function start(path: string) {
  const { startManageEarly } = await import('../src/shell/earlyStart.ts');
  startManageEarly(path);
  // let the dynamic imports and the calls settle
  await new Promise((r) => setTimeout(r, 300));
}

const paths = (calls: { url: URL }[]) => calls.map((c) => c.url.pathname);

beforeEach(() => {
  vi.resetModules(); // a fresh query cache and page loader for each case
  localStorage.setItem('qb.token', 'a-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('early start of a typed /manage URL', () => {
  it('an administrator: the account, the menu, then the page’s metadata, at once', async () => {
    const fetch = answers({ id: 1, name: 'admin', isAdmin: true });
    await start('/manage/connSql');
    await waitFor(() => expect(paths(fetch)).toContain('/api/schema/sys_connsql'));
    expect(paths(fetch).slice(0, 2).sort()).toEqual(['/api/system/menu/', '/api/user/userInfo/']);
  });

  it('an operator: a page of its menu is started, a page outside it reads nothing', async () => {
    const granted = answers({ id: 2, name: 'op', isAdmin: false, grants: { questionBank: ['view'] } });
    await start('/manage/questionBank');
    await waitFor(() => expect(paths(granted)).toContain('/api/schema/questionBank'));
    vi.unstubAllGlobals();
    vi.resetModules();
    const refused = answers({ id: 2, name: 'op', isAdmin: false, grants: { questionBank: ['view'] } });
    await start('/manage/connSql');
    expect(paths(refused).sort()).toEqual(['/api/system/menu/', '/api/user/userInfo/']);
  });

  it('an account that must change its password reads only the account and the menu', async () => {
    const fetch = answers({ id: 1, name: 'admin', isAdmin: true, mustChangePassword: true });
    await start('/manage/connSql');
    expect(paths(fetch).sort()).toEqual(['/api/system/menu/', '/api/user/userInfo/']);
  });

  it('the login page, and /manage without a session, start nothing', async () => {
    const fetch = answers({ id: 1, name: 'admin', isAdmin: true });
    await start('/user/login');
    localStorage.removeItem('qb.token');
    await start('/manage/connSql');
    expect(fetch).toEqual([]);
  });
});
