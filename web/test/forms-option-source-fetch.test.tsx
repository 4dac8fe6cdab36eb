import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { FormSchema } from '@qb/contracts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, type FakeCall } from './helpers.tsx';
import { renderSchema } from './forms-harness.tsx';

// Issue 17 #4, defence in depth: a schema that reaches the renderer without the parser (a stored form of an earlier
// release, a page's own schema) whose option source is not a GET of a read route makes no request at all.

let calls: FakeCall[];
beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/system/menu/') return ok([{ label: '菜单一', value: 1 }]);
    return ok(null);
  });
});
afterEach(() => vi.unstubAllGlobals());

const withSource = (options: Record<string, unknown>) =>
  ({ version: 2, fields: [{ kind: 'select', name: 'x', label: { zh: '远程' }, options }] }) as unknown as FormSchema;

describe('option sources in the browser', () => {
  it.each([
    { url: '/api/user/logout/', method: 'post' },
    { url: '/api/user/logout/', method: 'get' },
    { url: '/api/select/', method: 'post' },
    { url: '/api/action/delete/', method: 'delete' },
    { url: '/\\evil.example/x', method: 'get' },
    { url: '/\t/evil.example', method: 'get' },
    { url: '//evil.example/api/select/', method: 'get' },
  ])('a stored hostile source %j is never fetched and shows as failed', async (source) => {
    renderSchema(withSource({ from: 'url', ...source }));
    expect(await screen.findByText('选项加载失败')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => `${c.method} ${c.url.href}`)).toEqual([]);
  });

  it('a read route is fetched with GET and its options shown', async () => {
    const form = renderSchema(withSource({ from: 'url', url: '/api/system/menu/', method: 'get' }));
    await form.user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('菜单一')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/system/menu/']);
  });
});
