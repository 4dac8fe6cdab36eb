import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConnection } from '../src/db/connection.ts';
import { provinceCapitals, type SeedMenu, seedMenus, seedQuestions, seedRoles } from '../src/seed/seedData.ts';
import { type ChildApp, startChildApp } from './child-app.ts';
import { engines, freshDatabase } from './helpers.ts';

/**
 * Instances started at the same moment on an empty database (issue 29 #2): before, each found `sys_user` empty and
 * seeded it (two admin accounts, every role, menu and question twice). Four servers, each its own process as
 * operators run them (child-app.ts), on one fresh database: it is seeded exactly once and every instance serves.
 */
const countMenus = (menus: SeedMenu[]): number => menus.reduce((n, m) => n + 1 + countMenus(m.children ?? []), 0);
// the seed's questions: its list, one per province capital, eight sums (seed.ts)
const SEEDED_QUESTIONS = seedQuestions.length + provinceCapitals.length + 8;

describe.each(engines)('four instances started at once on a fresh %s database', (engine, url) => {
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-seed-once-'));
  const apps: ChildApp[] = [];
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await fresh?.drop();
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('seed it exactly once: one admin, the roles, menus, config and questions once; every instance serves', async () => {
    fresh = await freshDatabase(engine, url, shared);
    // SQLite: one file shared by the four processes
    const databaseUrl = fresh.url ?? `file:${path.join(shared, 'app.sqlite')}`;
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => startChildApp({ DATABASE_URL: databaseUrl })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);

    const conn = openConnection(databaseUrl, shared);
    try {
      const count = async (table: string) =>
        Number(
          (
            await conn.db
              .selectFrom(table)
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({
        accounts: await count('sys_user'),
        roles: await count('sys_role'),
        menus: await count('sys_menu'),
        config: await count('sys_config'),
        questions: await count('questionBank'),
      }).toEqual({ accounts: 1, roles: seedRoles.length, menus: countMenus(seedMenus), config: 1, questions: SEEDED_QUESTIONS });
    } finally {
      await conn.close();
    }
    // each signed in as admin with ADMIN_PASSWORD while starting (child-app.ts): the one account works everywhere
    for (const app of apps) expect((await app.call('GET', '/api/user/userInfo/')).status).toBe(200);
  }, 240_000);
});
