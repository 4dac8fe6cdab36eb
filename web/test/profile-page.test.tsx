import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import { setToken } from '../src/api/token.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

const admin = {
  id: 1,
  loginid: 'admin',
  name: '超级管理员',
  photo: null,
  sex: 1,
  state: 1,
  intro: '系统内置账号',
  createTime: '2025-01-02 03:04:05',
  roles: [7, 12],
  roleNames: ['系统管理员', '题库编辑'],
};

beforeEach(async () => {
  await setLanguage('zh-CN');
  setToken('tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('基本资料', () => {
  it('shows the names of the account’s roles, not their ids', async () => {
    fakeFetch((call) => (call.url.pathname === '/api/user/userInfo/' ? ok([admin]) : ok()));
    renderWithApp(<ProfilePage />);
    const label = await screen.findByText('角色');
    const roles = label.closest('th')!.nextElementSibling as HTMLElement;
    expect(within(roles).getByText('系统管理员')).toBeTruthy();
    expect(within(roles).getByText('题库编辑')).toBeTruthy();
    expect(roles.textContent).toBe('系统管理员题库编辑');
  });

  it('says 无 when the account has no role', async () => {
    fakeFetch((call) => (call.url.pathname === '/api/user/userInfo/' ? ok([{ ...admin, roles: [], roleNames: [] }]) : ok()));
    renderWithApp(<ProfilePage />);
    const label = await screen.findByText('角色');
    expect(label.closest('th')!.nextElementSibling!.textContent).toBe('无');
  });
});
