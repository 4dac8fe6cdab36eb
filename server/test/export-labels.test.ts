import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** The CSV export's lines, without its byte-order mark, split into cells (the export quotes every text). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)|(?<=,|^)(?=,|$)/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/""/g, '"')));
}

describe.each(engines)('exports label their values from the registry on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('exports the list columns with their titles, enumeration labels and referenced names when the page sends no columns', async () => {
    const member = (await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '导出会员', phone: '13700000000', gender: 2 } })).json().data.id;
    await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { memberid: member, type: 2, title: '提现', money: 3 } });
    const zh = await t.get(`/api/export/table/?_flag=userBillFlow&format=csv&wheres=${encodeURIComponent(JSON.stringify({ memberid: member }))}`);
    expect(zh.statusCode).toBe(200);
    const rows = csvRows(zh.body);
    expect(rows[0]).toEqual(['用户', '类型', '标题', '金额(元)', '日期', '创建时间', '创建人']);
    expect(rows[1]!.slice(0, 4)).toEqual(['导出会员', '支出', '提现', '3']);
    const en = await t.get(`/api/export/table/?_flag=sys_member&format=csv&wheres=${encodeURIComponent(JSON.stringify({ id: member }))}`, {
      'accept-language': 'en-US,en',
    });
    const enRows = csvRows(en.body);
    expect(enRows[0]).toEqual(['Nickname', 'Phone', 'Avatar', 'Balance (CNY)', 'OpenID', 'Gender', 'Created', 'Created by']);
    expect(enRows[1]![5]).toBe('Female');
    // the creator by its account's name (the administrator saved the member)
    expect(enRows[1]![7]).toBe((await t.ctx.conn.db.selectFrom('sys_user').select('name').where('loginid', '=', 'admin').executeTakeFirstOrThrow()).name);
  });

  it('keeps the titles and labels a page sends', async () => {
    const columns = JSON.stringify([{ name: 'gender', title: '性别（页面）', labels: { 2: '女士' } }]);
    const r = await t.get(
      `/api/export/table/?_flag=sys_member&format=csv&columns=${encodeURIComponent(columns)}&wheres=${encodeURIComponent(JSON.stringify({ gender: 2 }))}`,
    );
    const rows = csvRows(r.body);
    expect(rows[0]).toEqual(['性别（页面）']);
    expect(rows.slice(1).every((row) => row[0] === '女士')).toBe(true);
  });
});
