// Issue 33 #4: a grant's 数据范围 and 字段权限 changed on one instance take effect on the others as grants do
// (docs/permissions.md "Enforcement"): the rules come with the cached caller, so instance B answers the new rows and
// columns on its first call after its cached caller is dropped — at once on PostgreSQL (the change B is told, awaited
// here), when the session cache's life (5 s) ends on MySQL/MariaDB and SQLite (B's session clock moved past it here,
// no waiting). Each change is made on instance A after B has listed (and cached the caller and the total) under the old
// one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../src/db/changes.ts';
import { engines, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('row filters and field rules across two instances on %s', (engine, url) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let token = '';
  let roleId = 0;
  let questionMenu = 0;
  const subjects: Record<string, number> = {};
  /** B's clock ahead of the real one (its session cache is trusted for 5 s by that clock) */
  let ahead = 0;

  const listOnB = async () => {
    const r = await second.app.inject({ method: 'GET', url: '/api/select/?_flag=questionBank&row=100', headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { total: number; data: Record<string, unknown>[] };
  };

  /** Changes the grant on A and returns once B has dropped its cached caller (told at once, or its cache's life over). */
  const grantOnA = async (rowFilter: unknown, fieldRules: unknown) => {
    const told =
      engine === 'postgres'
        ? new Promise<void>((resolve) => second.ctx.changes.subscribe((c: Change) => c.topic === 'sessions' && 'all' in c && resolve()))
        : undefined;
    const r = await t.post('/api/access/role/', { roleId, grants: [{ menuId: questionMenu, actions: ['view'], rowFilter, fieldRules }] });
    expect(r.statusCode, r.body).toBe(200);
    if (told) await told;
    else ahead += 6_000;
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    second = await startSecondInstance(t);
    // B's session clock, moved by `ahead` (SessionStore's `now`, its constructor's default Date.now)
    Object.assign(second.ctx.sessions, { now: () => Date.now() + ahead });
    for (const name of ['申论', '行测']) {
      const r = await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name, isUp: 1 } });
      subjects[name] = Number(r.json().data.id);
    }
    for (const [name, n] of [
      ['申论', 2],
      ['行测', 1],
    ] as const)
      for (let i = 0; i < n; i++) {
        const r = await t.post('/api/action/save/', {
          _flag: 'questionBank',
          params: { parentId: subjects[name], name: `${name} 题 ${i}`, correctOptions: 'A', subject: `解析 ${i}` },
        });
        expect(r.statusCode, r.body).toBe(200);
      }
    questionMenu = Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/questionBank').executeTakeFirstOrThrow()).id);
    roleId = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'r33-instances', department: 'test' } })).json().data.id);
    expect(
      (await t.post('/api/access/role/', { roleId, grants: [{ menuId: questionMenu, actions: ['view'], rowFilter: { parentId: subjects['申论'] } }] }))
        .statusCode,
    ).toBe(200);
    const user = await t.post('/api/user/save/', { params: { loginid: 'u33inst', name: 'inst' } });
    expect((await t.post('/api/user/roles/', { id: Number(user.json().data.id), roleIds: [roleId] })).statusCode).toBe(200);
    token = (await t.login('u33inst', user.json().data.password as string)).json().token;
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a filter and field rules changed on A are in force on B’s next call once it is told (or its cache lapses)', async () => {
    const before = await listOnB();
    expect(before.total).toBe(2);
    expect(before.data.every((r) => Number(r.parentId) === subjects['申论'] && 'subject' in r)).toBe(true);

    await grantOnA({ parentId: subjects['行测'] }, { hidden: ['subject'], readOnly: [] });
    const after = await listOnB();
    expect(after.total).toBe(1);
    expect(after.data.every((r) => Number(r.parentId) === subjects['行测'] && !('subject' in r))).toBe(true);
    const meta = await second.app.inject({ method: 'GET', url: '/api/schema/questionBank', headers: { authorization: token } });
    expect((meta.json().data.columns as { name: string }[]).map((c) => c.name)).not.toContain('subject');

    await grantOnA(null, null);
    const all = await listOnB();
    // every question, the seed's included: as many as the administrator counts
    expect(all.total).toBe((await t.select('questionBank', { row: 1 })).body.total);
    expect(all.total).toBeGreaterThan(3);
    expect(all.data.every((r) => 'subject' in r)).toBe(true);
  });
});
