import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormSchema } from '@qb/contracts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Security round 3 (issue 17) on forms bound to tables:
 * #3 a form's pattern stalled the server: `^(a+)+$` on `options` of questionBank, six parallel saves of
 *    `aaaa…!` held /api/health for seconds (each ran under a 200 ms vm timeout, on the event loop). Patterns now
 *    run in RE2 (linear time); what RE2 cannot run is refused when the form is saved.
 * #4 a select's options `from: url` with `/api/user/logout/` and `post` logged out whoever opened the add dialog;
 *    `/\host/x` passed the check. Now only a GET of a read route, as a same-origin path, is stored or served.
 */

const bound = (regex: string, field = 'options'): FormSchema => ({
  version: 2,
  fields: [
    { kind: 'text', name: 'name', label: { zh: '题目', en: 'Question' } },
    { kind: 'textarea', name: field, label: { zh: '选项', en: 'Options' }, rules: { patterns: [{ regex }] } },
  ],
});
const withSource = (options: Record<string, unknown>): FormSchema =>
  ({ version: 2, fields: [{ kind: 'select', name: 'name', label: { zh: '题目' }, options }] }) as unknown as FormSchema;

describe.each(engines)('bound forms, round 3 (%s)', (engine, url) => {
  let t: TestApp;
  let parentId = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const subject = await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: '数学' } });
    expect(subject.statusCode, subject.body).toBe(200);
    parentId = Number(subject.json().data.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: string) =>
    Number(
      (
        await t.ctx.conn.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const saveForm = (tableName: string, schema: FormSchema | string) =>
    t.post('/api/action/save/', {
      _flag: 'sys_layTable',
      params: { name: '表单', tableKey: 'k', tableName, formJson: typeof schema === 'string' ? schema : JSON.stringify(schema) },
    });
  const unbind = async (id: number) => expect((await t.post('/api/action/save/', { _flag: 'sys_layTable', params: { id, isdelete: 1 } })).statusCode).toBe(200);
  const saveQuestion = (options: string, extra: Record<string, unknown> = {}) =>
    t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId, name: '题', options, ...extra } });

  it.each([
    ['^(a+)+$', 'aaaa'],
    ['^(a|a)*$', 'aaaa'],
    ['^(a|aa)+$', 'aaaa'],
    ['^(.*a){12}$', 'a'.repeat(12)],
    ['^(\\w+\\s?)*$', 'a b c'],
    ['^((a+)+)+b$', 'aab'],
  ])('the catastrophic pattern %s is checked on each save in linear time: adversarial values are refused at once, matching ones saved', async (regex, good) => {
    const form = await saveForm('questionBank', bound(regex));
    expect(form.statusCode, form.body).toBe(200);
    const before = await count('questionBank');
    for (const n of [25, 40, 2_000]) {
      const started = performance.now();
      const r = await saveQuestion(`${'a'.repeat(n)}!`);
      // a bound that tells linear from exponential (2^40 steps at n = 40 would take hours), not a speed check: it held
      // 1 s and failed once at load 20
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('选项格式不正确');
    }
    expect(await count('questionBank')).toBe(before);
    const ok = await saveQuestion(good);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count('questionBank')).toBe(before + 1);
    await unbind(Number(form.json().data.id));
  });

  it.each([
    ['(a*)\\1', 'back-reference'],
    ['^(?<x>a+)\\k<x>$', 'back-reference'],
    ['^(?=.*\\d)\\w+$', 'lookahead or lookbehind'],
    ['^(?!a)\\w+$', 'lookahead or lookbehind'],
    ['(?<=a)b', 'lookahead or lookbehind'],
    ['a{1001}', 'linear-time engine'],
  ])('a pattern the linear-time engine cannot run (%s) is refused when the form is saved, naming field and pattern; nothing stored', async (regex, reason) => {
    const before = await count('sys_layTable');
    const r = await saveForm('questionBank', bound(regex));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('fields[1].rules.patterns[0].regex: the pattern');
    expect(r.json().message).toContain(' of field options ');
    expect(r.json().message).toContain(reason);
    expect(await count('sys_layTable')).toBe(before);
    // the same form through the master-slave save and unbound (no table yet) is refused too
    const unboundForm = await saveForm('', bound(regex));
    expect(unboundForm.statusCode).toBe(400);
    expect(await count('sys_layTable')).toBe(before);
  });

  it('six parallel adversarial saves: /api/health answers meanwhile (max well under 300 ms) and every save was evaluated', async () => {
    const form = await saveForm('questionBank', {
      version: 2,
      fields: [
        { kind: 'text', name: 'name', label: { zh: '题目' } },
        { kind: 'textarea', name: 'options', label: { zh: '选项' }, rules: { patterns: [{ regex: '^(a+)+$' }] } },
        // the slowest kind for RE2 (its DFA gives up, the NFA runs): bounded by the work limit instead
        { kind: 'textarea', name: 'subject', label: { zh: '解析' }, rules: { patterns: [{ regex: '^[ab]*a[ab]{400}$', message: { zh: '解析不对' } }] } },
      ],
    });
    expect(form.statusCode, form.body).toBe(200);
    const before = await count('questionBank');
    let random = '';
    for (let i = 0; i < 2_000; i++) random += i % 7 === 3 || i % 5 === 1 ? 'a' : 'b';
    const health: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const r = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(r.statusCode).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? saveQuestion(`${'a'.repeat(30 + i)}!`) : saveQuestion('aaa', { subject: `${random}c` }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    done = true;
    await probe;
    answers.forEach((r, i) => {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(i % 2 === 0 ? '选项格式不正确' : '解析不对');
    });
    expect(await count('questionBank')).toBe(before);
    expect(health.length).toBeGreaterThan(2);
    expect(Math.max(...health)).toBeLessThan(300);
    console.log(`[${engine}] /api/health during 6 adversarial saves: ${health.length} probes, max ${Math.max(...health).toFixed(1)} ms`);
    // a value past the work limit is refused by its own message, not run
    const long = await saveQuestion('aaa', { subject: `${random.repeat(2)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^解析过长，无法按格式规则校验（最多\d+个字符）$/);
    await unbind(Number(form.json().data.id));
  });

  it.each([
    [{ url: '/api/user/logout/', method: 'post' }],
    [{ url: '/api/user/logout/', method: 'get' }],
    [{ url: '/api/action/save/', method: 'post' }],
    [{ url: '/api/select/', method: 'post' }],
    [{ url: '/\\evil.example/x', method: 'get' }],
    [{ url: '/\t/evil.example', method: 'get' }],
    [{ url: '//evil.example/api/select/', method: 'get' }],
    [{ url: '/%5cevil.example', method: 'get' }],
    [{ url: 'http://evil.example/api/select/', method: 'get' }],
  ])('an option source %j is refused on save (400, nothing stored)', async (source) => {
    const before = await count('sys_layTable');
    const r = await saveForm('questionBank', withSource({ from: 'url', ...source }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/fields\[0\]\.options\.(url|method): must be/);
    expect(await count('sys_layTable')).toBe(before);
  });

  it('an option source stored by an earlier release (POST of logout) is never served to a browser; a GET of /api/select/ is', async () => {
    const table = t.ctx.registry.get('sys_layTable').table;
    await t.ctx.conn.db
      .insertInto(table)
      .values({
        name: '旧表单',
        tableKey: 'old',
        tableName: 'testList',
        formJson: JSON.stringify(withSource({ from: 'url', url: '/api/user/logout/', method: 'post' })),
        isdelete: 0,
      } as never)
      .execute();
    const schema = await t.get('/api/schema/testList');
    expect(schema.statusCode).toBe(200);
    expect(JSON.stringify(schema.json().data.form ?? null)).not.toContain('/api/user/logout/');
    const good = await saveForm(
      'testList',
      withSource({ from: 'url', url: '/api/select/?_flag=questionsClass', method: 'get', labelField: 'name', valueField: 'name' }),
    );
    expect(good.statusCode, good.body).toBe(200);
    const served = await t.get('/api/schema/testList');
    expect(served.json().data.form.fields[0].options).toEqual({
      from: 'url',
      url: '/api/select/?_flag=questionsClass',
      method: 'get',
      labelField: 'name',
      valueField: 'name',
    });
    await unbind(Number(good.json().data.id));
  });
});
