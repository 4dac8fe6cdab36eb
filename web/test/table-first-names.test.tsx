import { afterEach, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../src/app/queryClient.ts';
import { pageConfigFromMeta } from '../src/crud/configFromMeta.ts';
import { prefetchTablePage } from '../src/crud/prefetch.ts';
import { useReferenceNames } from '../src/crud/useReferenceNames.ts';
import { fakeFetch, ok } from './helpers.tsx';
import { questionBankMeta } from './scopeFixtures.ts';

// Issue 31 (speed): a table page's first rows come with the names of what they refer to (crud/prefetch.ts), so
// that the table renders once with them, not with ids and then again, every cell, with the names.
afterEach(() => vi.unstubAllGlobals());

const ROWS = [
  { id: 11, parentId: 3, typeId: 30, name: '1 + 1 = ?', correctOptions: 'B' },
  { id: 12, parentId: 4, typeId: 30, name: '2 + 2 = ?', correctOptions: 'A' },
];
const page = { key: 'firstNames', flag: 'questionBank', titleKey: 'route.questionBank' };

it('reads the first rows’ reference names before the page renders, and the page’s first render has them', async () => {
  const calls = fakeFetch(({ url }) => {
    if (url.pathname === '/api/schema/questionBank') return ok(questionBankMeta);
    const flag = url.searchParams.get('_flag');
    if (flag === 'questionBank') return ok(ROWS, { total: 2 });
    if (flag === 'questionsClass')
      return ok(
        [
          { id: 3, name: '数学' },
          { id: 4, name: '语文' },
        ],
        { total: 2 },
      );
    if (flag === 'questionsSmallClass') return ok([{ id: 30, name: '计算' }], { total: 1 });
    return ok([]);
  });
  await prefetchTablePage(page);
  const selected = calls.map((c) => c.url.searchParams.get('_flag')).filter(Boolean);
  expect(selected).toEqual(expect.arrayContaining(['questionBank', 'questionsClass', 'questionsSmallClass']));

  // the page asks for the same names: answered from the cache in its first render
  const config = pageConfigFromMeta(questionBankMeta, page, { lang: 'zh-CN' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const renders: string[][] = [];
  const { result, rerender } = renderHook(
    () => {
      const names = useReferenceNames(
        config.fields.filter((f) => f.column !== false),
        ROWS,
      );
      renders.push([names.parentId?.get('3') ?? '-', names.typeId?.get('30') ?? '-']);
      return names;
    },
    { wrapper },
  );
  expect(renders[0]).toEqual(['数学', '计算']);
  // and the same object while nothing new has arrived (the table keeps its columns)
  const first = result.current;
  rerender();
  expect(result.current).toBe(first);
});
