import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeFetch, ok } from './helpers.tsx';

// shell/earlyStart.ts (issue 31, Speed): a typed URL of a table page reads the table's metadata as soon as the account
// and the menu allow the page, beside its code, not once its code has loaded and run (one round trip less before its
// rows). Here the page's code never arrives: the metadata is read all the same, the rows (which need the code) not.
const MENU = [
  {
    id: 1,
    name: '基础管理',
    menuType: 1,
    icon: null,
    menuMark: null,
    url: '',
    sortNum: 1,
    display: 1,
    intro: null,
    parentMenu: 0,
    createTime: '2024-01-01 00:00:00',
  },
  {
    id: 2,
    name: '数据源管理',
    menuType: 1,
    icon: null,
    menuMark: null,
    url: '/manage/connSql',
    sortNum: 2,
    display: 1,
    intro: null,
    parentMenu: 1,
    createTime: '2024-01-01 00:00:00',
  },
];

// fresh modules: the route below is changed, and this worker's other files share theirs (vitest.config.ts)
beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

it('a table page’s metadata is read before its code has loaded', async () => {
  localStorage.setItem('qb.token', 'a-token');
  const fetch = fakeFetch(({ url }) => {
    if (url.pathname === '/api/user/userInfo/') return ok([{ id: 1, name: 'admin', isAdmin: true }]);
    if (url.pathname === '/api/system/menu/') return ok(MENU);
    return ok([]);
  });
  const { resolveManageRoute } = await import('../src/pages/manageRoutes.ts');
  const route = resolveManageRoute('/manage/connSql')!;
  const never = () => new Promise<never>(() => undefined);
  route.load = never;
  route.preload = never;
  const { startManageEarly } = await import('../src/shell/earlyStart.ts');
  startManageEarly('/manage/connSql');
  await waitFor(() => expect(fetch.map((c) => c.url.pathname)).toContain('/api/schema/sys_connsql'));
  expect(fetch.map((c) => c.url.pathname).filter((p) => p.startsWith('/api/select/'))).toEqual([]);
});
