import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EDIT, group, page, seedNavigation, type NavGroup, type NavNode } from '@qb/contracts/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { declaredMenuMarks, menuMarkOf, syncBuiltinMenus } from '../src/seed/builtinMenus.ts';
import { seed } from '../src/seed/seed.ts';
import { type SeedMenu, seedMenus } from '../src/seed/seedData.ts';
import { engines, freshDatabase } from './helpers.ts';

/**
 * The declared navigation reaches every installation (seed/builtinMenus.ts): a new one gets it from its seed, an
 * existing one the pages declared since on its next start, once; the operator's deletions, moves and own menus stay.
 * The navigation a later release declares is made here from today's, with a page and a group more.
 */

interface Menu {
  id: number;
  name: string;
  nameEn: string | null;
  menuMark: string | null;
  icon: string | null;
  url: string;
  sortNum: number;
  display: number;
  parentMenu: number;
  isdelete: number;
}

const probeRoom = page('probeRoom', '探针考场', 'Probe rooms', 'HomeOutlined', { questionBank: EDIT });
const probeFirst = page('probeFirst', '探针首项', 'Probe first', 'HomeOutlined', {});
const probePlan = page('probePlan', '探针安排', 'Probe plans', 'CalendarOutlined', {});
/** today's navigation, with a page more at the end of 题库管理 and one at the start of 系统管理, and a new hidden group with a page at the end (names no real page takes) */
const later: NavNode[] = [
  ...seedNavigation.map((n) =>
    'children' in n && n.mark === 'questionGroup'
      ? { ...n, children: [...n.children, probeRoom] }
      : 'children' in n && n.mark === 'system'
        ? { ...n, children: [probeFirst, ...n.children] }
        : n,
  ),
  group('probeGroup', '探针组', 'Probe group', 'CalendarOutlined', [probePlan], { display: 0 }),
];

describe.each(engines)('built-in menus on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-menus-'));
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  const menus = async (): Promise<Menu[]> =>
    (await conn.db.selectFrom('sys_menu').selectAll().orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      nameEn: (r.nameEn as string | null) ?? null,
      menuMark: (r.menuMark as string | null) ?? null,
      icon: (r.icon as string | null) ?? null,
      url: String(r.url ?? ''),
      sortNum: Number(r.sortNum),
      display: Number(r.display),
      parentMenu: Number(r.parentMenu),
      isdelete: Number(r.isdelete),
    }));
  const byMark = async (mark: string) => (await menus()).filter((m) => m.menuMark === mark);

  beforeAll(async () => {
    fresh = await freshDatabase(engine, url, dataDir);
    conn = openConnection(fresh.url ?? `file:${path.join(dataDir, 'app.sqlite')}`, dataDir);
    await migrate(conn.db, conn.engine);
    expect((await seed(conn.db, conn.engine, 'menus-pass-1')).seeded).toBe(true);
  });
  afterAll(async () => {
    await conn?.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new installation has the declared navigation, in menu order, every menu with its English name, every mark given', async () => {
    const rows = (await menus()).filter((m) => m.isdelete === 0);
    const tree = (parent: number): SeedMenu[] =>
      rows
        .filter((m) => m.parentMenu === parent)
        .sort((a, b) => b.sortNum - a.sortNum)
        .map((m) => {
          const children = tree(m.id);
          return {
            name: m.name,
            menuMark: m.menuMark!,
            ...(m.url ? { url: m.url } : {}),
            ...(m.icon ? { icon: m.icon } : {}),
            ...(m.display === 0 && parent === 0 ? { display: 0 } : {}),
            ...(children.length > 0 ? { children } : {}),
          };
        });
    expect(tree(0)).toEqual(seedMenus);
    expect(rows.filter((m) => !m.nameEn)).toEqual([]);
    const given = (await conn.db.selectFrom('sys_builtinMenu').select('mark').execute()).map((r) => String(r.mark)).sort();
    expect(given).toEqual(declaredMenuMarks().sort());
    // the next start gives nothing
    expect(await syncBuiltinMenus(conn.db, conn.engine)).toEqual([]);
  });

  it('a page declared since reaches the installation on its next start, once: in its group after its predecessor, named in both languages', async () => {
    const group = (await byMark('questionGroup'))[0]!;
    const declared = seedNavigation.find((n) => 'children' in n && n.mark === 'questionGroup') as NavGroup;
    expect(await syncBuiltinMenus(conn.db, conn.engine, later)).toEqual(['probeRoom', 'probeFirst', 'probeGroup', 'probePlan']);
    const [room] = await byMark('probeRoom');
    expect(room).toMatchObject({ name: '探针考场', nameEn: 'Probe rooms', url: '/manage/probeRoom', parentMenu: group.id, display: 1, isdelete: 0 });
    // after the group's last page (sorted by sortNum descending)
    const siblings = (await menus()).filter((m) => m.parentMenu === group.id && m.isdelete === 0).sort((a, b) => b.sortNum - a.sortNum);
    expect(siblings.map((m) => m.menuMark)).toEqual([...declared.children.map(menuMarkOf), 'probeRoom']);
    // before the first of its group when it has no predecessor
    const system = (await byMark('system'))[0]!;
    const inSystem = (await menus()).filter((m) => m.parentMenu === system.id && m.isdelete === 0).sort((a, b) => b.sortNum - a.sortNum);
    expect(inSystem[0]?.menuMark).toBe('probeFirst');
    // a new group with its page, hidden as declared
    const [plans] = await byMark('probeGroup');
    expect(plans).toMatchObject({ name: '探针组', nameEn: 'Probe group', url: '', parentMenu: 0, display: 0 });
    expect((await byMark('probePlan'))[0]).toMatchObject({ parentMenu: plans!.id, display: 0, url: '/manage/probePlan' });
    // the next start, and the one after, give nothing
    const count = (await menus()).length;
    expect(await syncBuiltinMenus(conn.db, conn.engine, later)).toEqual([]);
    expect(await syncBuiltinMenus(conn.db, conn.engine, later)).toEqual([]);
    expect(await menus()).toHaveLength(count);
  });

  it("leaves the operator's menus as they are: a deleted one stays deleted, a moved or renamed one where it is", async () => {
    const [room] = await byMark('probeRoom');
    await conn.db.updateTable('sys_menu').set({ isdelete: 1 }).where('id', '=', room!.id).execute();
    const [plan] = await byMark('probePlan');
    await conn.db.updateTable('sys_menu').set({ parentMenu: 0, name: '排考', menuMark: 'myPlans' }).where('id', '=', plan!.id).execute();
    const before = await menus();
    expect(await syncBuiltinMenus(conn.db, conn.engine, later)).toEqual([]);
    expect(await menus()).toEqual(before);
  });

  it('gives a page no second menu when a live menu opens its route, and puts it at the top level when its group is gone', async () => {
    const more = page('probeLog', '探针日志', 'Probe log', 'AuditOutlined', {});
    const own = page('probeMine', '我的探针', 'My probes', 'UserOutlined', {});
    await conn.db
      .insertInto('sys_menu')
      .values({
        name: '自建',
        menuType: 1,
        menuMark: 'x',
        url: '/manage/probeMine',
        sortNum: 0,
        display: 1,
        parentMenu: 0,
        createTime: '2026-01-01 00:00:00',
        isdelete: 0,
      })
      .execute();
    const [plans] = await byMark('probeGroup');
    await conn.db.updateTable('sys_menu').set({ isdelete: 1 }).where('id', '=', plans!.id).execute();
    const next = later.map((n) => ('children' in n && n.mark === 'probeGroup' ? { ...n, children: [...n.children, more, own] } : n));
    const count = (await menus()).length;
    expect(await syncBuiltinMenus(conn.db, conn.engine, next)).toEqual(['probeLog', 'probeMine']);
    expect(await menus()).toHaveLength(count + 1);
    expect((await byMark('probeLog'))[0]).toMatchObject({ parentMenu: 0, url: '/manage/probeLog', isdelete: 0 });
  });
});
