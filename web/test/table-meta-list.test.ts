import { afterEach, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { call } from '../src/api/client.ts';
import { createQueryClient } from '../src/app/queryClient.ts';
import { readAllTableMeta, tableMetaQuery } from '../src/crud/tableMeta.ts';
import { fakeFetch, ok } from './helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 31: 菜单管理 read every table's metadata twice as it opened, once for the layout drawer's table list and once
// for the next pages' metadata (crud/tableMeta.ts readAllTableMeta). One call now serves both.
it('the table list a page reads as it opens and the metadata of every table are one call', async () => {
  const sent = fakeFetch(() => ok([{ flag: 'book', title: '书', columns: [] }]));
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  // as LayoutDesignDrawer asks for the tables the caller may view
  const drawer = renderHook(() => useQuery({ queryKey: ['schemaList'], queryFn: async () => (await call('schemaList')).data ?? [], staleTime: 60_000 }), {
    wrapper,
  });
  readAllTableMeta(queryClient);
  await waitFor(() => expect(drawer.result.current.data).toHaveLength(1));
  await waitFor(() => expect(queryClient.getQueryData(tableMetaQuery('book').queryKey)).toMatchObject({ flag: 'book' }));
  expect(sent.filter((c) => c.url.pathname === '/api/schema/')).toHaveLength(1);
});
