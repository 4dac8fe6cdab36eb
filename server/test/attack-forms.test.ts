import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormSchema } from '@qb/contracts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Attack (issue 12 review): forms bound to tables, as a hostile form designer would make them.
 * - A pattern with catastrophic backtracking, evaluated by the SERVER on every save of the bound table, used to
 *   hold the event loop for as long as the input made it take (27 characters: ~20 s; 40: days); patterns now run
 *   in a linear-time engine (attack-forms-round3.test.ts has the whole family).
 * - A form bound to the back-office's own tables (accounts, roles, menus, sources, definitions…) could change
 *   how those are saved (refuse every save, drop fields hidden by linkage): refused on save and never applied.
 */

const en = { 'accept-language': 'en-US' };
const evil = (regex: string): FormSchema => ({
  version: 2,
  fields: [{ kind: 'text', name: 'name', label: { zh: '姓名', en: 'Name' }, rules: { patterns: [{ regex }] } }],
});

describe.each(engines)('hostile bound forms (%s)', (engine, url) => {
  let t: TestApp;
  let formId = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveForm = (params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post('/api/action/save/', { _flag: 'sys_layTable', params: { name: '攻击表单', tableKey: 'k', ...params } }, headers);

  it('a catastrophic pattern runs in linear time on the server: the save is refused at once and the server keeps answering', async () => {
    const r = await saveForm({ tableName: 'testList', formJson: JSON.stringify(evil('^(a+)+$')) });
    expect(r.statusCode, r.body).toBe(200);
    formId = Number(r.json().data.id);
    const before = Number(
      (
        await t.ctx.conn.db
          .selectFrom('testList')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const started = Date.now();
    const save = t.post('/api/action/save/', { _flag: 'testList', params: { name: `${'a'.repeat(40)}!` } });
    const health = t.app.inject({ method: 'GET', url: '/api/health' });
    const [answer, healthAnswer] = await Promise.all([save, health]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(healthAnswer.statusCode).toBe(200);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: false, message: '姓名格式不正确' });
    const english = await t.post('/api/action/save/', { _flag: 'testList', params: { name: `${'a'.repeat(40)}!` } }, en);
    expect(english.json().message).toBe('Name is not in the right format');
    const after = Number(
      (
        await t.ctx.conn.db
          .selectFrom('testList')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
    // the same pattern still checks ordinary values as the browser does
    expect((await t.post('/api/action/save/', { _flag: 'testList', params: { name: 'aaa' } })).statusCode).toBe(200);
    const refused = await t.post('/api/action/save/', { _flag: 'testList', params: { name: 'ab' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('姓名格式不正确');
    expect((await saveForm({ id: formId, isdelete: 1 })).statusCode).toBe(200);
  }, 60_000);

  it('an oversized, deeply nested or cyclic form is refused or settles; the table stays usable', async () => {
    const field = (i: number) => ({ kind: 'text', name: `f${i}`, label: { zh: `字段${i}` } });
    const many = await saveForm({
      tableName: 'testList',
      formJson: JSON.stringify({ version: 2, fields: Array.from({ length: 10_000 }, (_, i) => field(i)) }),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/^表单结构不正确：/);
    let nested: Record<string, unknown> = { kind: 'text', name: 'name', label: { zh: '姓名' } };
    for (let i = 0; i < 200; i++) nested = { kind: 'card', label: { zh: `c${i}` }, children: [nested] };
    const deep = await saveForm({ tableName: 'testList', formJson: JSON.stringify({ version: 2, fields: [nested] }) });
    expect(deep.statusCode).toBe(400);
    const huge = await saveForm({ tableName: 'testList', formJson: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    // linkage in a cycle: each shows the other; the form saves, and a save of the table settles at once
    const cyclic: FormSchema = {
      version: 2,
      fields: [
        { kind: 'text', name: 'name', label: { zh: '姓名' }, rules: { required: true }, linkage: [{ when: { field: 'desc', op: 'filled' }, then: 'show' }] },
        {
          kind: 'textarea',
          name: 'desc',
          label: { zh: '描述' },
          rules: { required: true },
          linkage: [{ when: { field: 'name', op: 'filled' }, then: 'show' }],
        },
      ],
    };
    const saved = await saveForm({ tableName: 'testList', formJson: JSON.stringify(cyclic) });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = Date.now();
    const r = await t.post('/api/action/save/', { _flag: 'testList', params: { name: 'n', desc: 'd' } });
    expect(r.statusCode, r.body).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await saveForm({ id: Number(saved.json().data.id), isdelete: 1 })).statusCode).toBe(200);
  });

  it('a form cannot be bound to the back-office own tables, and one stored before is not applied', async () => {
    const blocking: FormSchema = {
      version: 2,
      fields: [{ kind: 'text', name: 'name', label: { zh: '名称' }, rules: { required: true, patterns: [{ regex: '^$' }] } }],
    };
    for (const table of ['sys_role', 'sys_menu', 'sys_connsql', 'sys_dataSheet', 'sys_tableFields', 'sys_user', 'sys_config']) {
      const r = await saveForm({ tableName: table, formJson: JSON.stringify(blocking) });
      expect(r.statusCode, `${table}: ${r.body}`).toBe(400);
      expect(r.json().message).toBe(`数据表 ${table} 是系统表，不能绑定表单`);
    }
    expect((await saveForm({ tableName: 'sys_role', formJson: JSON.stringify(blocking) }, en)).json().message).toBe(
      'sys_role is a system table; a form cannot be bound to it',
    );
    // a definition written before this rule (straight into the table) does not lock role saves
    await t.ctx.conn.db
      .insertInto('sys_layTable')
      .values({ name: 'old', tableKey: 'k', tableName: 'sys_role', formJson: JSON.stringify(blocking), isdelete: 0 })
      .execute();
    const role = await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'still-saved', department: 'x' } });
    expect(role.statusCode, role.body).toBe(200);
    // business tables with a sys_ name (members) still take a form
    const member = await saveForm({ tableName: 'sys_member', formJson: '' });
    expect(member.statusCode, member.body).toBe(200);
  });
});
