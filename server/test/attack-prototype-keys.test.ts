import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormSchema, parseFormSchema, formFieldStates, validateFormValues } from '@qb/contracts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { defineTable } from './tables-helpers.ts';

/**
 * Issue 17 #2: names of Object.prototype's members used as user data (a menu's route, a column, a form field, a
 * filter, a sort, an export column, a flag) must behave like any other name: no 500, no "given twice", no lookup that
 * finds what the prototype holds. Every place a user-given name is looked up is walked here with these keys.
 */
export const PROTOTYPE_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
] as const;
/** the ones that are also plain identifiers, so a column or a form field may have them as its name */
const IDENTIFIER_KEYS = PROTOTYPE_KEYS.filter((k) => /^[A-Za-z][A-Za-z0-9_]*$/.test(k));

const unique = (prefix = 'pk') => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

describe.each(engines)('names of the object prototype as user data (%s)', (engine, url) => {
  let t: TestApp;
  let table: string;
  let sheetId: number;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    table = unique();
    sheetId = await defineTable(t, table, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      ...IDENTIFIER_KEYS.map((name) => ({ columnName: name, type: 'nvarchar', length: 40 })),
    ]);
    const created = await t.post('/api/action/createSqlTable/', { id: sheetId });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('menus routed at those keys leave the administrator routes working', async () => {
    const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'r-proto', department: 'x' } })).json().data.id);
    for (const key of PROTOTYPE_KEYS) {
      for (const route of [key, `/manage/${key}`]) {
        const menu = await t.post('/api/action/save/', {
          _flag: 'sys_menu',
          params: { name: `m-${route}`, url: route, menuType: 1, display: 0, parentMenu: 0 },
        });
        expect(menu.statusCode, menu.body).toBe(200);
        const actions = await t.get('/api/access/menuActions/');
        expect(actions.statusCode, `${route}: ${actions.body}`).toBe(200);
        const mine = (actions.json().data as { menuId: number; actions: string[] }[]).find((m) => m.menuId === Number(menu.json().data.id));
        expect(mine?.actions, route).toEqual([]);
        const grant = await t.post('/api/access/role/', { roleId: role, grants: [{ menuId: Number(menu.json().data.id), actions: ['view'] }] });
        expect(grant.statusCode, `${route}: ${grant.body}`).toBe(400);
        expect((await t.post('/api/access/role/', { roleId: role, grants: [] })).statusCode).toBe(200);
        expect((await t.get('/api/system/menu/')).statusCode).toBe(200);
        expect((await t.get('/api/user/userInfo/')).statusCode).toBe(200);
      }
    }
  });

  it('columns named after them are saved, read, filtered, sorted and exported like any other', async () => {
    const values = Object.fromEntries(IDENTIFIER_KEYS.map((k) => [k, `v-${k}`]));
    const saved = await t.post('/api/action/save/', { _flag: table, params: values });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const changed = await t.post('/api/action/save/', { _flag: table, params: { id, constructor: 'changed', toString: 'changed too' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...values, constructor: 'changed', toString: 'changed too' });
    for (const key of IDENTIFIER_KEYS) {
      const list = await t.select(table, { wheres: { [key]: String(row[key]) }, sort: key, sortType: 'desc' });
      expect(list.status, `${key}: ${JSON.stringify(list.body)}`).toBe(200);
      expect(list.body.data.map((r: Record<string, unknown>) => r.id)).toEqual([id]);
      expect(list.body.data[0][key]).toBe(row[key]);
    }
    const exported = await t.get(
      `/api/export/table/?_flag=${table}&format=csv&columns=${encodeURIComponent(JSON.stringify(IDENTIFIER_KEYS.map((name) => ({ name }))))}`,
    );
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    expect(exported.body).toContain('changed too');
  });

  it('as unknown names on a built-in table they are 400s naming them, never 500s', async () => {
    for (const key of PROTOTYPE_KEYS) {
      const where = await t.select('questionBank', { wheres: JSON.stringify({ [key]: 1 }) });
      expect(where.status, `wheres ${key}: ${JSON.stringify(where.body)}`).toBe(400);
      const sort = await t.select('questionBank', { sort: key, sortType: 'asc' });
      expect(sort.status, `sort ${key}`).toBe(400);
      const flag = await t.select(key);
      expect(flag.status, `flag ${key}`).toBe(400);
      const save = await t.post('/api/action/save/', { _flag: 'questionsClass', params: JSON.parse(`{"name":"x","${key}":1}`) });
      expect(save.statusCode, `save ${key}: ${save.body}`).toBe(400);
      // a JSON body with a __proto__ key is refused whole by the body parser (secure-json-parse)
      expect(save.json().code, key).toBe(key === '__proto__' ? 'BAD_JSON' : 'UNKNOWN_COLUMN');
      const schema = await t.get(`/api/schema/${encodeURIComponent(key)}`);
      expect(schema.statusCode, `schema ${key}`).toBeLessThan(500);
      expect(schema.statusCode).toBeGreaterThanOrEqual(400);
      const exported = await t.get(`/api/export/table/?_flag=questionsClass&format=csv&columns=${encodeURIComponent(JSON.stringify([{ name: key }]))}`);
      expect(exported.statusCode, `export ${key}`).toBe(400);
      const master = await t.post('/api/action/masterSlave/', { _flag: key, _flagChidren: key, bindField: key, mainData: {}, chidrenData: [] });
      expect(master.statusCode, `masterSlave ${key}`).toBe(400);
      const del = await t.post('/api/action/delete/', { _flag: key, id: 1 });
      expect(del.statusCode, `delete ${key}`).toBe(400);
    }
  });

  it('form fields named after them are checked like any other, through a bound form', async () => {
    const schema: FormSchema = {
      version: 2,
      fields: IDENTIFIER_KEYS.map((name) => ({
        kind: 'text' as const,
        name,
        label: { zh: name },
        rules: { required: name === 'valueOf', maxLength: 10 },
        ...(name === 'toString' ? { linkage: [{ when: { field: 'constructor', op: 'equals' as const, value: 'hide' }, then: 'hide' as const }] } : {}),
      })),
    };
    expect(() => parseFormSchema(JSON.stringify(schema))).not.toThrow();
    const states = formFieldStates(schema, {});
    for (const name of IDENTIFIER_KEYS) expect(Object.hasOwn(states, name), name).toBe(true);
    // nothing given: only the required field is reported, and nothing is read off the prototype
    const problems = validateFormValues(schema, {}, 'en');
    expect(problems.map((p) => p.field)).toEqual(['valueOf']);
    const form = await t.post('/api/action/save/', {
      _flag: 'sys_layTable',
      params: { name: 'proto', tableKey: 'p', tableName: table, formJson: JSON.stringify(schema) },
    });
    expect(form.statusCode, form.body).toBe(200);
    const missing = await t.post('/api/action/save/', { _flag: table, params: { constructor: 'a' } });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().message).toMatch(/valueOf/);
    const ok = await t.post('/api/action/save/', { _flag: table, params: { constructor: 'hide', toString: 'ignored', valueOf: 'given' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom(table).selectAll().where('id', '=', ok.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ constructor: 'hide', valueOf: 'given', hasOwnProperty: null });
    const tooLong = await t.post('/api/action/save/', { _flag: table, params: { valueOf: 'x', hasOwnProperty: 'longer than ten' } });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
  });
});
