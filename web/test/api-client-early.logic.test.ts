import { afterEach, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE_ZH } from '@qb/contracts';
import { setToken } from '../src/api/token.ts';
import { fakeFetch } from './helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// A reload with a revoked token: the first call can be answered before the app has wired its toasts (the first render
// still waiting for a page's code). The expiry must still be said once they are wired, and only once.
it('an expiry answered before the toasts are wired is shown when they are', async () => {
  vi.resetModules();
  const client = await import('../src/api/client.ts');
  vi.useFakeTimers();
  setToken('revoked');
  fakeFetch(() => ({ status: 401, body: { status: false, success: false, message: SESSION_EXPIRED_MESSAGE_ZH, code: 'SESSION_EXPIRED' } }));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const redirectToLogin = vi.fn();
  client.configureClient({ redirectToLogin });
  await Promise.allSettled([client.request('/api/user/userInfo/'), client.request('/api/system/menu/')]);

  const notifyError = vi.fn();
  client.configureClient({ notifyError });
  expect(notifyError.mock.calls).toEqual([[SESSION_EXPIRED_MESSAGE_ZH]]);
  // wired once: nothing is said again
  client.configureClient({ notifyError });
  expect(notifyError).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(1500);
  expect(redirectToLogin).toHaveBeenCalledTimes(1);
  client.resetClientState();
});
