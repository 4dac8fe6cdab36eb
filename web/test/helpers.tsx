import type { ReactNode } from 'react';
import { act, getConfig, render } from '@testing-library/react';
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

/** The timers as the worker started them: holdTimers fakes the global ones. */
const realSetTimeout = globalThis.setTimeout;

/**
 * The app's setTimeout runs on a clock the test moves (vi.advanceTimersByTime), for a delay the test checks (a redirect
 * 1.5 s after a message): on a loaded machine rendering the message alone can take longer than the delay. Testing
 * Library's findBy/waitFor and user-event wait on setTimeout themselves, and vi.waitFor moves the held clock as it
 * polls: use waitWithHeldTimers and fireEvent meanwhile.
 */
export function holdTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** waitFor while holdTimers is on: polls on the real clock, gives up after the suite's waiting time (test/setup.ts). */
export async function waitWithHeldTimers<T>(check: () => T): Promise<T> {
  const deadline = performance.now() + getConfig().asyncUtilTimeout;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 50)));
  }
}
