import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', captcha: true, countCache: true, trustProxy: false, databaseUrl: undefined });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.sessionIdleMs).toBe(2 * 3_600_000);
    expect(c.sessionMaxMs).toBe(24 * 3_600_000);
  });

  it('reads the switches', () => {
    const c = loadConfig({ PORT: '9000', CAPTCHA: 'off', COUNT_CACHE: 'off', TRUST_PROXY: '10.0.0.1,10.0.0.2', DATABASE_URL: 'postgres://u@h/db' });
    expect(c).toMatchObject({ port: 9000, captcha: false, countCache: false, trustProxy: '10.0.0.1,10.0.0.2', databaseUrl: 'postgres://u@h/db' });
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ CAPTCHA: 'maybe' }, 'CAPTCHA'],
    [{ DATABASE_URL: 'oracle://x' }, 'DATABASE_URL'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
  ])('refuses %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
