import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { up as menuEnglish } from '../src/db/migrations/0013_menu_english.ts';
import { engines, freshDatabase, startTestApp, type TestApp } from './helpers.ts';
import { defineTable, threeColumns } from './tables-helpers.ts';

/**
 * Issue 31 #4: a menu has an English name (sys_menu.nameEn), saved and read back through the generic save, carried
 * by the menu call the navigation reads (in either language), seeded for the built-in menus and given to the
 * menus of an earlier release by migration 0013 without overwriting one already set.
 */
const en = { 'accept-language': 'en-US' };

describe.each(engines)('English names of menus on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  const menuCall = async (headers: Record<string, string> = {}) => {
    const r = await t.get('/api/system/menu/', headers);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { id: number; name: string; nameEn: string | null; url: string | null }[];
  };

  it('seeds the English name of every built-in menu', async () => {
    const menus = await menuCall();
    const byName = new Map(menus.map((m) => [m.name, m.nameEn]));
    expect(byName.get('题库')).toBe('Questions');
    expect(byName.get('菜单管理')).toBe('Menus');
    expect(byName.get('题库管理')).toBe('Question bank');
    expect(byName.get('基础管理')).toBe('Base data');
    expect(menus.filter((m) => !m.nameEn).map((m) => m.name)).toEqual([]);
  });

  it('saves an English name and reads it back; the menu call carries it in English and in Chinese', async () => {
    const saved = await t.post('/api/action/save/', {
      _flag: 'sys_menu',
      params: { name: '常用题库', nameEn: 'Favourite questions', url: '/manage/questionBank', parentMenu: 0, menuType: 1, display: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = Number(saved.json().data.id);
    const read = await t.select('sys_menu', { wheres: { id } });
    expect(read.body.data[0]).toMatchObject({ name: '常用题库', nameEn: 'Favourite questions' });
    for (const headers of [en, {}]) {
      const mine = (await menuCall(headers)).find((m) => m.id === id);
      expect(mine).toMatchObject({ name: '常用题库', nameEn: 'Favourite questions', url: '/manage/questionBank' });
    }
    // emptied again: the navigation falls back (the web app), the row keeps no English name
    expect((await t.post('/api/action/save/', { _flag: 'sys_menu', params: { id, nameEn: '' } })).statusCode).toBe(200);
    expect((await menuCall(en)).find((m) => m.id === id)?.nameEn ?? null).toBeNull();
  });

  it('names the column in both languages and refuses an English name over 100 characters', async () => {
    const meta = (await t.get('/api/schema/sys_menu', en)).json().data;
    const column = meta.columns.find((c: { name: string }) => c.name === 'nameEn');
    expect(column).toMatchObject({ type: 'nvarchar', title: { zh: '英文名称', en: 'English name' } });
    const long = await t.post('/api/action/save/', { _flag: 'sys_menu', params: { name: '长名', nameEn: 'x'.repeat(101), parentMenu: 0 } }, en);
    expect(long.statusCode).toBe(400);
    const fits = await t.post('/api/action/save/', { _flag: 'sys_menu', params: { name: '长名', nameEn: 'x'.repeat(100), parentMenu: 0 } }, en);
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it("names a generated page's menu by its table's English title, under 数据页面 / Data pages", async () => {
    const name = `menu_en_${Date.now().toString(36)}`;
    const sheet = await defineTable(t, name, threeColumns(), 10000, '商品表');
    expect((await t.post('/api/action/save/', { _flag: 'sys_dataSheet', params: { id: sheet, titleEn: 'Products' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const r = await t.post('/api/datasources/menu/', { sheetId: sheet });
    expect(r.statusCode, r.body).toBe(200);
    const menus = await menuCall(en);
    const page = menus.find((m) => m.id === r.json().data.menuId);
    expect(page).toMatchObject({ name: '商品表', nameEn: 'Products' });
    const group = menus.find((m) => m.id === Number((page as unknown as { parentMenu: number }).parentMenu));
    expect(group).toMatchObject({ name: '数据页面', nameEn: 'Data pages' });
  });
});

describe.each(engines)('migration 0013 on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-menu-en-'));
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  beforeAll(async () => {
    fresh = await freshDatabase(engine, url, dataDir);
    conn = openConnection(fresh.url, dataDir);
  });
  afterAll(async () => {
    await conn?.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const names = async () =>
    Object.fromEntries(
      (await conn.db.selectFrom('sys_menu').select(['name', 'nameEn']).orderBy('id').execute()).map((r) => [String(r.name), r.nameEn ?? null]),
    );

  it('keeps every menu, names the seeded ones in English and leaves an English name already set', async () => {
    await migrate(conn.db, conn.engine, '0012_search_grams');
    const row = { menuType: 1, icon: null, menuMark: null, url: '', sortNum: 0, display: 1, intro: null, parentMenu: 0, createTime: '2026-01-01 00:00:00' };
    await conn.db
      .insertInto('sys_menu')
      .values([
        { ...row, name: '题库', url: '/manage/questionBank', isdelete: 0 },
        { ...row, name: '常用题库', url: '/manage/questionBank', isdelete: 0 },
        { ...row, name: '菜单管理', url: '/manage/menu', isdelete: 0 },
        { ...row, name: '数据页面', isdelete: 1 },
      ])
      .execute();
    await migrate(conn.db, conn.engine);
    expect(await names()).toEqual({ 题库: 'Questions', 常用题库: null, 菜单管理: 'Menus', 数据页面: 'Data pages' });
    // the step run again (as MySQL/MariaDB do after a stop in the middle): a name set since stays, an empty one is filled
    await conn.db.updateTable('sys_menu').set({ nameEn: 'Question list' }).where('name', '=', '题库').execute();
    await conn.db.updateTable('sys_menu').set({ nameEn: '' }).where('name', '=', '菜单管理').execute();
    await menuEnglish(conn.db, conn.engine);
    expect(await names()).toEqual({ 题库: 'Question list', 常用题库: null, 菜单管理: 'Menus', 数据页面: 'Data pages' });
  });
});
