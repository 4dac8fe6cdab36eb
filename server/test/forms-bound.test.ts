import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormSchema } from '@qb/contracts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** Forms bound to tables (issue 12): binding checks, the form in the schema answer, saves checked by it, auto-create. */

const en = { 'accept-language': 'en-US' };
const unique = (prefix = 'form') => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

/** A form for testList: name (required, placeholder, pattern), age (0–150), sex radio, desc shown and required for 女, mark checkbox. */
const testListForm: FormSchema = {
  version: 2,
  fields: [
    {
      kind: 'text',
      name: 'name',
      label: { zh: '姓名', en: 'Name' },
      rules: { required: true, maxLength: 10, patterns: [{ regex: '^[^0-9]*$', message: { zh: '姓名不能有数字', en: 'No digits in a name' } }] },
    },
    { kind: 'number', name: 'age', label: { zh: '年龄', en: 'Age' }, rules: { min: 0, max: 150 } },
    {
      kind: 'radio',
      name: 'sex',
      label: { zh: '性别' },
      options: [
        { label: { zh: '男' }, value: 1 },
        { label: { zh: '女' }, value: 2 },
      ],
    },
    {
      kind: 'textarea',
      name: 'desc',
      label: { zh: '描述', en: 'Description' },
      rules: { required: true },
      linkage: [{ when: { field: 'sex', op: 'equals', value: 2 }, then: 'show' }],
    },
    { kind: 'number', name: 'lvl', label: { zh: '等级' }, linkage: [{ when: { field: 'age', op: 'filled' }, then: 'require' }] },
  ],
};

const liveCount = async (t: TestApp, table: string) =>
  Number(
    (
      await t.ctx.conn.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('isdelete', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(engines)('forms bound to tables (%s)', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveForm = (params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post('/api/action/save/', { _flag: 'sys_layTable', params: { name: '测试表单', tableKey: 'k', ...params } }, headers);

  it('refuses a form definition whose formJson does not parse or whose fields are not columns, and writes nothing', async () => {
    const before = await liveCount(t, 'sys_layTable');
    const bad = await saveForm({ tableName: 'testList', formJson: '{"version":2,"fields":[{"kind":"nope"}]}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'FORM_JSON_INVALID' });
    expect(bad.json().message).toMatch(/^表单结构不正确：/);
    const notJson = await saveForm({ tableName: 'testList', formJson: '{oops' }, en);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/^The form schema is not valid: /);

    const stray: FormSchema = { version: 2, fields: [...testListForm.fields, { kind: 'text', name: 'nickname', label: { zh: '昵称' } }] };
    const r = await saveForm({ tableName: 'testList', formJson: JSON.stringify(stray) });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'FORM_FIELD_NOT_COLUMN', message: '表单字段 nickname 不是数据表 testList 可填写的列' });
    const key = await saveForm(
      { tableName: 'testList', formJson: JSON.stringify({ version: 2, fields: [{ kind: 'number', name: 'id', label: { zh: 'ID' } }] }) },
      en,
    );
    expect(key.json().message).toBe('Form field id is not a column of table testList that a form may fill');
    expect(await liveCount(t, 'sys_layTable')).toBe(before);
    // a name that is not (yet) a table, and an empty formJson, are definitions still being made
    expect((await saveForm({ tableName: unique('later'), formJson: JSON.stringify(stray) })).statusCode).toBe(200);
    expect((await saveForm({ tableName: 'testList', formJson: '' })).statusCode).toBe(200);
  });

  it('answers the bound form with the schema, and checks saves with it (messages, linkage, nothing written)', async () => {
    const plain = await t.get('/api/schema/testList');
    expect(plain.json().data.form).toBeUndefined();
    const saved = await saveForm({ tableName: 'testList', formJson: JSON.stringify(testListForm) });
    expect(saved.statusCode, saved.body).toBe(200);
    const formId = Number(saved.json().data.id);

    const meta = (await t.get('/api/schema/testList')).json().data;
    expect(meta.flag).toBe('testList');
    expect(meta.form).toMatchObject({ version: 2, fields: [{ name: 'name' }, { name: 'age' }, { name: 'sex' }, { name: 'desc' }, { name: 'lvl' }] });

    const before = await liveCount(t, 'testList');
    const save = (params: Record<string, unknown>, headers: Record<string, string> = {}) => t.post('/api/action/save/', { _flag: 'testList', params }, headers);
    let r = await save({ name: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'FORM_VALUES_INVALID', message: '请输入姓名' });
    r = await save({ name: 'Ann7', age: 200 });
    expect(r.json().message).toBe('姓名不能有数字；年龄必须在0到150之间；请输入等级');
    r = await save({ name: 'Ann7', age: 200 }, en);
    expect(r.json().message).toBe('No digits in a name; Age must be between 0 and 150; Please enter Level');
    // desc is hidden (sex 1): not required; shown for sex 2: required
    r = await save({ name: 'Bo', sex: 2 });
    expect(r.json().message).toBe('请输入描述');
    r = await save({ name: 'Bo', sex: 3 });
    expect(r.json().message).toBe('性别的值不在可选项中');
    expect(await liveCount(t, 'testList')).toBe(before);

    // a hidden field's value is not written
    r = await save({ name: 'Bo', sex: 1, desc: 'hidden text' });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id;
    const row = await t.ctx.conn.db.selectFrom('testList').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Bo', sex: 1 });
    expect(row.desc ?? null).toBeNull();
    r = await save({ name: 'Cy', sex: 2, desc: '好' });
    expect(r.statusCode).toBe(200);
    expect(await liveCount(t, 'testList')).toBe(before + 2);

    // an edit checks what it sends: a bad age is refused, a good one is kept
    r = await save({ id, age: -1 });
    expect(r.json().message).toBe('年龄必须在0到150之间');
    r = await save({ id, age: 30, lvl: 3 });
    expect(r.statusCode, r.body).toBe(200);
    expect(await t.ctx.conn.db.selectFrom('testList').select(['age', 'lvl']).where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ age: 30, lvl: 3 });
    // deleting through save is not a form
    expect((await save({ id, isdelete: 1 })).statusCode).toBe(200);

    // unbound again when the definition is deleted: the column rules only
    expect((await t.post('/api/action/delete/', { _flag: 'sys_layTable', id: formId })).statusCode).toBe(200);
    expect((await t.get('/api/schema/testList')).json().data.form).toBeUndefined();
    expect((await save({ name: 'Dan7', age: 200 })).statusCode).toBe(200);
  });

  it('checks the main row of a master-slave save with its bound form', async () => {
    const form: FormSchema = { version: 2, fields: [{ kind: 'text', name: 'name', label: { zh: '描述' }, rules: { required: true, minLength: 2 } }] };
    // system tables take no form (attack-forms.test.ts): the subjects and their categories are a master-slave pair
    const saved = await saveForm({ tableName: 'questionsClass', formJson: JSON.stringify(form) });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await liveCount(t, 'questionsClass');
    const body = (name: string) => ({
      _flag: 'questionsClass',
      _flagChidren: 'questionsSmallClass',
      bindField: 'subjectId',
      mainData: { name, parentId: 0 },
      chidrenData: [{ name: unique('cat') }],
    });
    const r = await t.post('/api/action/masterSlave/', body('x'));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('描述不能少于2个字符');
    expect(await liveCount(t, 'questionsClass')).toBe(before);
    const okay = await t.post('/api/action/masterSlave/', body('两字'));
    expect(okay.statusCode, okay.body).toBe(200);
    await t.post('/api/action/delete/', { _flag: 'sys_layTable', id: Number(saved.json().data.id) });
  });

  it('auto-creates a table from a form: preview first, then the table, its definition, and the form bound to it', async () => {
    const tableName = unique('auto');
    const form: FormSchema = {
      version: 2,
      fields: [
        { kind: 'text', name: 'title', label: { zh: '标题', en: 'Title' }, rules: { required: true, maxLength: 30 } },
        { kind: 'number', name: 'price', label: { zh: '价格' }, precision: 2 },
        { kind: 'number', name: 'qty', label: { zh: '数量' } },
        { kind: 'textarea', name: 'body', label: { zh: '正文' } },
        {
          kind: 'radio',
          name: 'kind',
          label: { zh: '类别' },
          options: [
            { label: { zh: '甲' }, value: 1 },
            { label: { zh: '乙' }, value: 2 },
          ],
        },
        { kind: 'select', name: 'code', label: { zh: '代码' }, options: [{ label: { zh: 'A' }, value: 'a' }] },
        {
          kind: 'checkbox',
          name: 'tags',
          label: { zh: '标签' },
          options: [
            { label: { zh: '新' }, value: 'new' },
            { label: { zh: '热' }, value: 'hot' },
          ],
        },
        { kind: 'switch', name: 'onSale', label: { zh: '在售' } },
        { kind: 'date', name: 'day', label: { zh: '日期' } },
        { kind: 'dateRange', name: 'period', label: { zh: '期间' } },
        { kind: 'rate', name: 'stars', label: { zh: '评分' }, allowHalf: true },
        { kind: 'upload', name: 'cover', label: { zh: '封面' } },
      ],
    };
    const saved = await saveForm({ tableName, isCreateTable: 1, formJson: JSON.stringify(form) });
    expect(saved.statusCode, saved.body).toBe(200);
    const formId = Number(saved.json().data.id);
    const sheetsBefore = await liveCount(t, 'sys_dataSheet');

    const preview = await t.post('/api/forms/createTable/', { id: formId, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p).toMatchObject({ formId, tableName, sourceId: 10000, created: false });
    const types = Object.fromEntries(
      p.columns.map((c: { columnName: string; type: string; length?: number }) => [c.columnName, c.length ? `${c.type}(${c.length})` : c.type]),
    );
    expect(types).toEqual({
      id: 'int',
      title: 'nvarchar(30)',
      price: 'money',
      qty: 'int',
      body: 'ntext',
      kind: 'int',
      code: 'nvarchar(50)',
      tags: 'nvarchar(500)',
      onSale: 'int',
      day: 'datetime',
      period: 'nvarchar(100)',
      stars: 'float',
      cover: 'nvarchar(500)',
      isdelete: 'int',
    });
    expect(p.statements).toHaveLength(1);
    expect(p.statements[0]).toMatch(/^CREATE TABLE/);
    expect(t.ctx.registry.has(tableName)).toBe(false);
    expect(await liveCount(t, 'sys_dataSheet')).toBe(sheetsBefore);

    const run = await t.post('/api/forms/createTable/', { id: formId });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ created: true, statements: p.statements, sheetId: expect.any(Number) });
    expect(t.ctx.registry.has(tableName)).toBe(true);
    expect(await liveCount(t, 'sys_dataSheet')).toBe(sheetsBefore + 1);
    // the form is now the table's form, and its saves are checked by it
    const meta = (await t.get(`/api/schema/${tableName}`)).json().data;
    expect(meta.form.fields.map((f: { name: string }) => f.name)).toContain('tags');
    expect(meta.columns.find((c: { name: string }) => c.name === 'title').title).toEqual({ zh: '标题', en: 'Title' });
    const refused = await t.post('/api/action/save/', { _flag: tableName, params: { price: 3 } });
    expect(refused.json().message).toBe('请输入标题');
    const ok = await t.post('/api/action/save/', {
      _flag: tableName,
      params: {
        title: '苹果',
        price: 3.5,
        qty: 2,
        kind: 2,
        tags: ['new', 'hot'],
        onSale: true,
        day: '2024-05-01',
        period: ['2024-05-01', '2024-05-03'],
        stars: 4.5,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom(tableName).selectAll().where('id', '=', ok.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '苹果', qty: 2, kind: 2, tags: '["new","hot"]', onSale: 1, period: '["2024-05-01","2024-05-03"]' });
    expect(Number(row.price)).toBe(3.5);
    expect(Number(row.stars)).toBe(4.5);
    // a second run is refused: the table exists
    const again = await t.post('/api/forms/createTable/', { id: formId, preview: true });
    expect(again.statusCode).toBe(409);
  });

  it('refuses auto-create without the flag, with a reserved field name or a hostile table name, before any SQL', async () => {
    const form = (fields: FormSchema['fields']) => JSON.stringify({ version: 2, fields });
    const text = { kind: 'text', name: 'title', label: { zh: '标题' } } as const;
    const off = Number((await saveForm({ tableName: unique('off'), isCreateTable: 0, formJson: form([text]) })).json().data.id);
    let r = await t.post('/api/forms/createTable/', { id: off, preview: true });
    expect(r.json()).toMatchObject({ code: 'FORM_NOT_AUTO_CREATE', message: '该表单定义没有开启自动建表' });
    const reserved = Number((await saveForm({ tableName: unique('rsv'), isCreateTable: 1, formJson: form([{ ...text, name: 'isdelete' }]) })).json().data.id);
    r = await t.post('/api/forms/createTable/', { id: reserved }, en);
    expect(r.json()).toMatchObject({ code: 'FORM_FIELD_RESERVED', message: 'The field name isdelete is used by the system, rename the field' });
    const hostile = Number((await saveForm({ tableName: 'select', isCreateTable: 1, formJson: form([text]) })).json().data.id);
    r = await t.post('/api/forms/createTable/', { id: hostile });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('DDL_REFUSED');
    expect((await saveForm({ tableName: 'sys_menu', isCreateTable: 1, formJson: form([{ ...text, name: 'name' }]) })).json().code).toBe('FORM_SYSTEM_TABLE');
    const builtin = Number((await saveForm({ tableName: 'questionBank', isCreateTable: 1, formJson: form([{ ...text, name: 'name' }]) })).json().data.id);
    r = await t.post('/api/forms/createTable/', { id: builtin });
    expect(r.statusCode).toBe(409);
    expect((await t.post('/api/forms/createTable/', { id: 999_999 })).statusCode).toBe(404);
    // nothing was defined or created
    const sheets = await t.ctx.conn.db
      .selectFrom('sys_dataSheet')
      .select('tableName')
      .where('tableName', 'in', ['select', 'sys_menu', 'questionBank'])
      .execute();
    expect(sheets).toEqual([]);
  });
});
