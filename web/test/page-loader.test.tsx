import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManageRoute } from '../src/pages/manageRoutes.ts';
import { PagePathContext } from '../src/app/pageContext.ts';
import { loadPage, preloadPages, usePage } from '../src/shell/pageLoader.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Hello = () => <p>页面内容</p>;
let n = 0;
/** A fresh route object each time: the loader caches per route. */
const route = (parts: Partial<ManageRoute>): ManageRoute => ({ path: `t${++n}`, titleKey: 'route.home', load: async () => Hello, ...parts });

function Host({ r }: { r: ManageRoute }) {
  const state = usePage(r);
  if ('page' in state) return <state.page />;
  if ('error' in state) return <button onClick={state.retry}>retry</button>;
  return <span>loading</span>;
}

beforeEach(async () => {
  await setLanguage('zh-CN');
  fakeFetch(() => ok({}));
});
afterEach(() => vi.unstubAllGlobals());

describe('page loader', () => {
  it('shows its own loading state, then the page as soon as it has loaded (no Suspense)', async () => {
    const code = deferred<typeof Hello>();
    const r = route({ load: () => code.promise });
    renderWithApp(<Host r={r} />);
    expect(screen.getByText('loading')).toBeTruthy();
    code.resolve(Hello);
    expect(await screen.findByText('页面内容')).toBeTruthy();
  });

  it('a failed load can be tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Hello);
    const r = route({ load });
    renderWithApp(<Host r={r} />);
    await userEvent.click(await screen.findByRole('button', { name: 'retry' }));
    expect(await screen.findByText('页面内容')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between the menu click and the page host', async () => {
    const load = vi.fn(async () => Hello);
    const r = route({ load });
    const first = loadPage(r);
    renderWithApp(<Host r={r} />);
    expect(await first).toBe(Hello);
    expect(await screen.findByText('页面内容')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads code only; opening a preloaded page reads its rows at once and renders it without waiting', async () => {
    const load = vi.fn(async () => Hello);
    const preload = vi.fn(async () => Hello);
    const prefetch = vi.fn();
    const r = route({ load, preload, prefetch });
    await preloadPages([r]);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();

    void loadPage(r);
    expect(prefetch).toHaveBeenCalledTimes(1); // synchronously, before anything renders
    renderWithApp(<Host r={r} />);
    expect(screen.getByText('页面内容')).toBeTruthy(); // the first render already has the page
    expect(load).not.toHaveBeenCalled();
  });

  it('the page host shows 页面加载失败 with a retry button when a page cannot load', async () => {
    const { PageHost } = await import('../src/shell/PageHost.tsx');
    const { findManageRoute } = await import('../src/pages/manageRoutes.ts');
    const r = findManageRoute('/manage/connSql')!;
    const saved = { load: r.load, preload: r.preload };
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Hello);
    Object.assign(r, { load });
    try {
      renderWithApp(
        <PagePathContext.Provider value="/manage/connSql">
          <PageHost tabs={['/manage/connSql']} currentPath="/manage/connSql" />
        </PagePathContext.Provider>,
      );
      expect(await screen.findByText('页面加载失败，请检查网络后重试')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
      expect(await screen.findByText('页面内容')).toBeTruthy();
    } finally {
      Object.assign(r, saved);
    }
  });
});
