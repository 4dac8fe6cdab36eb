/**
 * The class of issue 28 #3: every integer parameter of every route, walked from the API document that the route
 * contracts make (test/contract-params.ts), sent the values around the bounds of its column's type. Out of the range
 * the document gives it: the same 400 on every engine (PostgreSQL's integer refused 2^31 with a 500, SQLite looked
 * it up); in range: whatever the call answers (200, 403, 404, …), never a 5xx, and the same on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFailureOf } from '../src/datasources/driverErrors.ts';
import { translate } from '../src/http/messages.ts';
import type { ApiDocument } from './answers.ts';
import { integerSlots, requestWith, type IntegerSlot } from './contract-params.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

const VALUES: unknown[] = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 1.5, 'abc'];
const INT32_MAX = 2 ** 31 - 1;

/** Whether the document admits the value for the slot (an integer within its bounds). */
const inRange = (slot: IntegerSlot, v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= slot.minimum && v <= slot.maximum;

/** what each engine answered, by operation, parameter and value: `status code` */
const answered = new Map<string, Map<string, string>>();

describe.each(engines)('every integer parameter on %s', (engine, url) => {
  let t: TestApp;
  let doc: ApiDocument;
  let slots: IntegerSlot[];

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    slots = integerSlots(doc);
  });
  afterAll(async () => t?.close());

  it('finds the id parameters of the routes the issue names, among all', () => {
    const names = new Set(slots.map((s) => `${s.operationId}.${s.name}`));
    for (const expected of [
      'menuLayout.menuId',
      'roleGrants.roleId',
      'saveRoleGrants.roleId',
      'saveRoleGrants.grants.0.menuId',
      'userRoles.id',
      'saveUserRoles.id',
      'saveUserRoles.roleIds.0',
      'resetPassword.id',
      'endSession.id',
      'history.id',
      'sourceTables.sourceId',
      'testConnection.id',
      'readBack.sourceId',
      'generateMenu.sheetId',
      'createSqlTable.id',
      'formTable.id',
      'delete.id',
      'restore.revision',
      'select.page',
    ])
      expect(names, expected).toContain(expected);
  });

  it('bounds every one by a 32-bit int in the document', () => {
    const unbounded = slots.filter((s) => s.maximum > INT32_MAX).map((s) => `${s.operationId}.${s.name} ≤ ${s.maximum}`);
    expect(unbounded).toEqual([]);
  });

  it('answers 400 out of range and never a 5xx, on this engine', { timeout: 120_000 }, async () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const slot of slots) {
      for (const value of VALUES) {
        const { url: target, body } = requestWith(slot, doc, value);
        const r = await t.app.inject({
          method: slot.method as 'GET' | 'POST',
          url: target,
          headers: { authorization: t.token },
          ...(body ? { payload: body } : {}),
        });
        const what = `${slot.operationId} ${slot.where} ${slot.name}=${JSON.stringify(value)}`;
        const code = r.headers['content-type']?.toString().includes('json') ? (r.json() as { code?: string }).code : undefined;
        seen.set(what, `${r.statusCode} ${code ?? ''}`.trim());
        if (r.statusCode >= 500) problems.push(`${what}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        else if (!inRange(slot, value) && r.statusCode !== 400) problems.push(`${what}: ${r.statusCode}, expected 400 (${r.body.slice(0, 160)})`);
      }
    }
    answered.set(engine, seen);
    expect(problems).toEqual([]);
  });
});

describe('the message of an id out of range', () => {
  it('names the int type, in the contract and in the generic crud', async () => {
    const t = await startTestApp();
    try {
      for (const [target, body] of [
        ['/api/system/layout/?menuId=2147483648', undefined],
        ['/api/action/delete/', { _flag: 'sys_member', id: 2 ** 31 }],
        ['/api/history/?_flag=sys_member&id=2147483648', undefined],
      ] as const) {
        for (const [language, words] of [
          ['zh-CN', '超出了 int 类型的范围（1 到 2147483647）'],
          ['en', 'out of the range of the int type (1 to 2147483647)'],
        ]) {
          const headers = { 'accept-language': language };
          const r = body ? await t.post(target, body, headers) : await t.get(target, headers);
          expect([target, r.statusCode, r.json().code]).toEqual([target, 400, 'BAD_PARAM']);
          expect(r.json().message, target).toContain(words);
        }
      }
    } finally {
      await t.close();
    }
  });

  it("names the type PostgreSQL names, not the word before 'out of range'", () => {
    const refusal = dataFailureOf(Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' }), {
      columns: ['id'],
      touched: [['id', 2147483648]],
    });
    expect(refusal?.key).toBe('dbOutOfRange');
    expect(translate({ headers: {} }, refusal!.key, refusal!.params)).toBe('字段 id 的值超出了数据库类型 integer 的范围');
  });
});

describe('the id parameters on every engine', () => {
  it('answer the same status and code on every engine', () => {
    const [first, ...others] = [...answered.entries()];
    expect(first, 'the sqlite run').toBeDefined();
    for (const [engine, seen] of others) {
      const differing = [...seen]
        .filter(([what, answer]) => first![1].get(what) !== answer)
        .map(([what, answer]) => `${what}: ${first![0]} ${first![1].get(what)}, ${engine} ${answer}`);
      expect(differing, engine).toEqual([]);
    }
  });
});
