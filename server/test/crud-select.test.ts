import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('generic select on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('pages rows with an exact total and excludes deleted rows', async () => {
    const all = await t.select('questionBank', { page: '1', row: '1000', wheres: { isdelete: 0 } });
    expect(all.status).toBe(200);
    expect(all.body.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.total).toBeGreaterThanOrEqual(50);
    const page2 = await t.select('questionBank', { page: '2', row: '10', sort: 'id', sortType: 'asc' });
    expect(page2.body.data.map((r: any) => r.id)).toEqual(all.body.data.slice(10, 20).map((r: any) => r.id));

    const victim = all.body.data[0].id;
    const del = await t.post('/api/action/delete/', { _flag: 'questionBank', id: victim });
    expect(del.json()).toMatchObject({ status: 200, success: true });
    const after = await t.select('questionBank', { row: '1000' });
    expect(after.body.total).toBe(all.body.total - 1);
    expect(after.body.data.some((r: any) => r.id === victim)).toBe(false);
    const row = await t.ctx.conn.db.selectFrom('questionBank').select('isdelete').where('id', '=', victim).executeTakeFirstOrThrow();
    expect(Number(row.isdelete)).toBe(1);
  });

  it('reads a page past the middle of its list from the other end: the same rows as the whole list read at once', async () => {
    // every page a deferred join (offset 0 and up), so that the seed's questions reach past the middle
    const from = t.ctx.crud.reading.deferredJoinFrom;
    t.ctx.crud.reading.deferredJoinFrom = 0;
    try {
      const orders = [
        {},
        { sort: 'id', sortType: 'desc' },
        { sort: 'parentId' },
        { sort: 'typeId,name', sortType: 'desc' },
        { sort: 'createTime' },
        { sort: 'correctOptions', sortType: 'desc' },
      ];
      const filters = [{}, { wheres: { typeId: { type: 'ne', value: 1 } } }, { wheres: { name: { type: 'like', value: '？' } } }];
      for (const filter of filters) {
        const whole = await t.select('questionBank', { ...filter, row: '1000' });
        expect(whole.body.total).toBeGreaterThan(21);
      }
      for (const order of orders)
        for (const filter of filters)
          for (const row of [3, 7]) {
            const whole = await t.select('questionBank', { ...order, ...filter, row: '1000' });
            expect({ order, filter, status: whole.body.status }).toEqual({ order, filter, status: 200 });
            const ids = whole.body.data.map((r: { id: number }) => r.id);
            const pages = Math.ceil(ids.length / row);
            for (let page = 1; page <= pages + 1; page++) {
              const before = t.ctx.crud.fromEndReads;
              const res = await t.select('questionBank', { ...order, ...filter, row: String(row), page: String(page) });
              const at = { order, filter, row, page };
              expect({ ...at, total: res.body.total, ids: res.body.data.map((r: { id: number }) => r.id) }).toEqual({
                ...at,
                total: ids.length,
                ids: ids.slice((page - 1) * row, page * row),
              });
              // from the end exactly when the page lies past the middle and before the end (not a search MariaDB reads
              // through its gram blocks: those read their candidates first)
              const offset = (page - 1) * row;
              const past = offset < ids.length && 2 * offset + row > ids.length && !(engine === 'mysql' && filter === filters[2]);
              expect({ ...at, fromEnd: t.ctx.crud.fromEndReads - before }).toEqual({ ...at, fromEnd: past ? 1 : 0 });
            }
          }
    } finally {
      t.ctx.crud.reading.deferredJoinFrom = from;
    }
  });

  it('reads the keys of a deep unfiltered page in key order by the primary key on MariaDB, not through another index and a sort', async () => {
    if (engine !== 'mysql') return;
    const own = await startTestApp(engine, url);
    try {
      // enough rows that MariaDB's optimizer takes (isdelete, parentId, id) and a filesort when left to itself
      await sql`insert into questionBank (parentId, typeId, name, isdelete) select 1 + seq % 20, 1 + seq % 200, concat('第 ', seq, ' 题'), 0 from seq_1_to_50000`.execute(
        own.ctx.conn.db,
      );
      await sql`analyze table questionBank`.execute(own.ctx.conn.db);
      for (const [sortType, page] of [
        ['asc', '2000'],
        ['desc', '2000'],
        ['asc', '1250'],
      ] as const) {
        const query = { _flag: 'questionBank', row: '20', page, sort: 'id', sortType };
        const res = await own.select('questionBank', query);
        expect(res.body.data.length).toBe(20);
        const plan = own.ctx.crud.planSelect(query, SYSTEM);
        const statement = await own.ctx.crud.pageStatementOf(plan, res.body.total);
        const { rows } = await own.ctx.conn.db.executeQuery<{ id: number; table: string; key: string | null; Extra: string | null }>({
          ...statement,
          sql: `explain ${statement.sql}`,
        });
        // the derived table of the page's keys (its select's id is 2): read by the primary key, no sort of the table's
        // rows (the outer select sorts the page's 20 rows)
        const at = { sortType, page };
        expect({ ...at, keys: rows.filter((r) => Number(r.id) === 2).map((r) => [r.table, r.key, /filesort/i.test(r.Extra ?? '')]) }).toEqual({
          ...at,
          keys: [['questionBank', 'PRIMARY', false]],
        });
      }
    } finally {
      await own.close();
    }
  });

  it('filters by equality, list (IN) and operator pairs', async () => {
    const subjects = await t.select('questionsClass', { wheres: { parentId: 0 }, sort: 'sortNum' });
    expect(subjects.body.data.map((r: any) => r.name)).toEqual(['驾照考试', '公务员考试', '英语四级']);
    const ids = subjects.body.data.map((r: any) => r.id);
    const inList = await t.select('questionsClass', { wheres: { id: ids.slice(0, 2) } });
    expect(inList.body.total).toBe(2);
    const like = await t.select('questionsClass', { wheres: { name: { type: 'like', value: '考试' } } });
    expect(like.body.data.map((r: any) => r.name).sort()).toEqual(['公务员考试', '驾照考试']);
    const starts = await t.select('questionsClass', { wheres: { name: { type: 'startsWith', value: '科目' } } });
    expect(starts.body.total).toBe(2);
    const gt = await t.select('questionsClass', { wheres: { id: { type: 'gt', value: ids[0] }, parentId: 0 } });
    expect(gt.body.total).toBe(2);
    const between = await t.select('questionsClass', { wheres: { sortNum: { type: 'between', value: [2, 3] }, parentId: 0 } });
    expect(between.body.data.map((r: any) => r.name).sort()).toEqual(['公务员考试', '英语四级']);
    const notIn = await t.select('questionsClass', { wheres: { parentId: 0, id: { type: 'notIn', value: [ids[0]] } } });
    expect(notIn.body.total).toBe(2);
    const empty = await t.select('questionsClass', { wheres: { id: [] } });
    expect(empty.body).toMatchObject({ status: 200, total: 0, data: [] });
    const isNull = await t.select('questionsClass', { wheres: { cover: { type: 'isNull', value: true }, parentId: 0 } });
    expect(isNull.body.total).toBe(3);
  });

  it('treats % and _ in a like filter as plain characters', async () => {
    await t.post('/api/action/save/', { _flag: 'testList', params: { name: '100%_done' } });
    await t.post('/api/action/save/', { _flag: 'testList', params: { name: '100 percent' } });
    const r = await t.select('testList', { wheres: { name: { type: 'like', value: '100%_' } } });
    expect(r.body.data.map((x: any) => x.name)).toEqual(['100%_done']);
  });

  it('sorts by comma lists of columns and directions', async () => {
    const r = await t.get(`/api/system/menu/?sort=${encodeURIComponent('parentMenu, sortNum')}&sortType=${encodeURIComponent('asc, desc')}`);
    const rows = r.json().data;
    const roots = rows.filter((m: any) => m.parentMenu === 0);
    expect(roots[0].sortNum).toBeGreaterThan(roots[roots.length - 1].sortNum);
    for (let i = 1; i < rows.length; i++) expect(rows[i].parentMenu).toBeGreaterThanOrEqual(rows[i - 1].parentMenu);
  });

  it('sorts the menu by one column without a sortType, ascending as /api/select/ does, and by any count of columns', async () => {
    const sortNums = async (query: string) => {
      const r = await t.get(`/api/system/menu/?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.map((m: { sortNum: number }) => m.sortNum) as number[];
    };
    const ascending = await sortNums('sort=sortNum');
    expect(ascending.length).toBeGreaterThan(5);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await sortNums('sort=sortNum&sortType=desc')).toEqual([...ascending].reverse().sort((a, b) => b - a));
    expect(await sortNums(`sort=${encodeURIComponent('parentMenu, sortNum, id')}`)).toHaveLength(ascending.length);
    const mismatch = await t.get(`/api/system/menu/?sort=sortNum&sortType=${encodeURIComponent('asc, desc')}`);
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'SORT_MISMATCH']);
  });

  it('keeps totals exact right after writes', async () => {
    const before = await t.select('sys_member', { wheres: { gender: 1 } });
    await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '新会员', phone: '13900000000', gender: 1 } });
    const after = await t.select('sys_member', { wheres: { gender: 1 } });
    expect(after.body.total).toBe(before.body.total + 1);
  });

  it('answers lists, money and datetimes in their shapes, and the role parent in both spellings', async () => {
    const member = (await t.select('sys_member', { row: '1' })).body.data[0];
    expect(typeof member.balance).toBe('number');
    expect(member.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const test = (await t.select('testList', { wheres: { name: '孙磊' } })).body.data[0];
    expect(test.mark).toEqual([1, 2, 3]);
    const contains = await t.select('testList', { wheres: { mark: 3 } });
    expect(contains.body.data.map((x: any) => x.name).sort()).toEqual(['周婷', '孙磊', '王芳', '赵敏'].sort());
    const roles = (await t.select('sys_role', { wheres: { parentid: 0 } })).body.data;
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ parentId: 0, parentid: 0 });
  });

  it('never answers, filters or sorts on the password hash', async () => {
    const users = await t.select('sys_user');
    expect(users.body.data[0].loginid).toBe('admin');
    expect(users.body.data[0]).not.toHaveProperty('pass');
    const list = await t.get('/api/user/list/?page=1&row=10');
    expect(list.json().data[0]).not.toHaveProperty('pass');
    const filter = await t.select('sys_user', { wheres: { pass: 'x' } });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toContain('pass');
    const sort = await t.select('sys_user', { sort: 'pass' });
    expect(sort.status).toBe(400);
  });

  it.each([
    ['an unknown flag', { _flag: 'nope' }, '未知的数据表'],
    ['malformed wheres JSON', { _flag: 'sys_member', wheres: '{"name":' }, 'wheres'],
    ['wheres that is not an object', { _flag: 'sys_member', wheres: '[1,2]' }, 'wheres'],
    ['an unknown column', { _flag: 'sys_member', wheres: '{"nope":1}' }, 'nope'],
    ['an unknown column named like a word of the messages', { _flag: 'sys_member', wheres: '{"number":1}' }, '没有字段 number'],
    ['an unknown operator', { _flag: 'sys_member', wheres: '{"name":{"type":"regex","value":"x"}}' }, 'regex'],
    ['extra keys in a condition', { _flag: 'sys_member', wheres: '{"name":{"type":"eq","value":"x","or":1}}' }, 'type'],
    ['a value of the wrong type', { _flag: 'sys_member', wheres: '{"gender":"male"}' }, 'gender'],
    ['between with one value', { _flag: 'sys_member', wheres: '{"id":{"type":"between","value":[1]}}' }, 'between'],
    ['asking for deleted rows', { _flag: 'sys_member', wheres: '{"isdelete":1}' }, '已删除'],
    ['an injected sort', { _flag: 'sys_member', sort: 'id;drop table sys_member' }, 'id;drop'],
    ['an unknown sort direction', { _flag: 'sys_member', sort: 'id', sortType: 'sideways' }, 'sideways'],
    ['an unknown sort direction without a sort column', { _flag: 'sys_member', sortType: 'sideways' }, 'sideways'],
    ['mismatched sort lists', { _flag: 'sys_member', sort: 'id,name,phone', sortType: 'asc,desc' }, 'sortType'],
    ['a page of 0', { _flag: 'sys_member', page: '0' }, 'page'],
    ['a non-numeric row', { _flag: 'sys_member', row: 'ten' }, 'row'],
  ])('refuses %s with 400 and a clear message', async (_name, query, fragment) => {
    const r = await t.get(`/api/select/?${new URLSearchParams(query as Record<string, string>)}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
    expect(r.json().message).toContain(fragment);
    const members = await t.ctx.conn.db.selectFrom('sys_member').select('id').execute();
    expect(members.length).toBeGreaterThan(0);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const r = await t.get('/api/nowhere/');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ status: false, success: false });
  });

  it('describes a table to the web side without secret columns', async () => {
    const r = await t.get('/api/schema/sys_user');
    const names = r.json().data.columns.map((c: any) => c.name);
    expect(names).toContain('loginid');
    expect(names).not.toContain('pass');
  });
});
