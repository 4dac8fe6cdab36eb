import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('health, menu, dashboard and migrations on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('answers health without a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.json()).toEqual({ status: true });
  });

  it('seeds every route of the spec into the menu, with baseMana hidden', async () => {
    // the client's call of SPEC.md §7: sortNum descending within a parent
    const rows = (await t.get(`/api/system/menu/?sort=${encodeURIComponent('parentMenu, sortNum')}&sortType=${encodeURIComponent('asc, desc')}`)).json()
      .data as any[];
    const urls = rows.map((r) => r.url).filter(Boolean);
    for (const page of [
      'home',
      'menu',
      'connSql',
      'dataMana',
      'dataSMana',
      'role',
      'user',
      'permission',
      'layTable',
      'billFlow',
      'member',
      'questionBank',
      'questionsClass',
      'questionsSmallClass',
      'roleList',
      'taskConfiguration',
      'testList',
      'testThree',
      'userList',
    ]) {
      expect(urls).toContain(`/manage/${page}`);
    }
    const baseMana = rows.find((r) => r.menuMark === 'baseMana');
    expect(baseMana.display).toBe(0);
    expect(rows.filter((r) => r.parentMenu === baseMana.id).every((r) => r.display === 0)).toBe(true);
    const system = rows.find((r) => r.menuMark === 'system');
    expect(rows.filter((r) => r.parentMenu === system.id).map((r) => r.menuMark)).toEqual([
      'menu',
      'role',
      'user',
      'permission',
      'operationLog',
      'loginLog',
      'onlineSessions',
    ]);
  });

  it('seeds believable demo content and the config row', async () => {
    const count = async (flag: string) => (await t.select(flag, { row: '1' })).body.total;
    expect(await count('questionBank')).toBeGreaterThanOrEqual(50);
    expect(await count('sys_member')).toBeGreaterThanOrEqual(10);
    expect(await count('userBillFlow')).toBeGreaterThanOrEqual(30);
    expect(await count('testList')).toBeGreaterThanOrEqual(5);
    const config = (await t.select('sys_config', { page: '1', wheres: { isdelete: 0 } })).body.data[0];
    expect(config).toMatchObject({ completedItems: 3, numberQuestions: 10, taskRewards: 0.5, singleAmount: 10 });
  });

  it('answers the dashboard counts and 30 days of bill flow that match the rows', async () => {
    const d = (await t.get('/api/dashboard/summary/')).json().data;
    expect(d.counts.questions).toBe((await t.select('questionBank', { row: '1' })).body.total);
    expect(d.billFlow).toHaveLength(30);
    const flows = (await t.select('userBillFlow', { row: '1000' })).body.data as any[];
    const today = new Date().toISOString().slice(0, 10);
    const incomeToday = flows.filter((f) => f.type === 1 && f.answerDate.startsWith(today)).reduce((s, f) => s + f.money, 0);
    expect(d.billFlow[29]).toMatchObject({ date: today });
    expect(d.billFlow[29].income).toBeCloseTo(incomeToday, 2);
    expect(d.billFlow.reduce((s: number, x: any) => s + x.expense, 0)).toBeGreaterThan(0);
  });

  it('runs migrations and seeding again without change', async () => {
    const before = (await t.select('sys_menu', { row: '1' })).body.total;
    await migrate(t.ctx.conn.db, t.ctx.conn.engine);
    expect(await seed(t.ctx.conn.db, t.ctx.conn.engine, 'another-pass')).toEqual({ seeded: false });
    expect((await t.select('sys_menu', { row: '1' })).body.total).toBe(before);
  });
});
