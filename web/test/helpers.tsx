import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../src/shell/AppProviders.tsx';
import { createQueryClient } from '../src/app/queryClient.ts';

export interface FakeCall {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;
export type FakeHandler = (call: FakeCall) => Reply | Promise<Reply>;

/** Replaces global fetch with a handler; returns the list of calls made. */
export function fakeFetch(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init?.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const call: FakeCall = { url, method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const ok = <T,>(data?: T, extra: Record<string, unknown> = {}) => ({ body: { status: 200, success: true, message: 'ok', data, ...extra } });

export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
  };
}
