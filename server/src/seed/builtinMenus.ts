import { isNavGroup, seedNavigation, type NavNode } from '@qb/contracts/pages';
import type { AppDb } from '../db/appDatabase.ts';
import type { Engine } from '../db/connection.ts';
import { insertReturningId, isDuplicateKey } from '../db/insert.ts';
import { nowText } from '../db/time.ts';

/**
 * The menus of the declared navigation (packages/contracts/src/pages.ts), given to an installation once each: all of
 * them by the seed of a new one, and on every start those declared since it was given its menus (a page added by a
 * later release). `sys_builtinMenu` (migration 0017) keeps the marks given; a menu is never given twice, so a menu
 * an operator deleted, moved or renamed stays as they left it.
 */

const BUILTIN_MENUS = 'sys_builtinMenu';

/** The menu mark of a declared page or group (a page's is its path unless it names one). */
export const menuMarkOf = (node: NavNode): string => (isNavGroup(node) ? node.mark : (node.mark ?? node.path));

const urlOf = (node: NavNode): string => (isNavGroup(node) ? '' : `/manage/${node.path}`);

/** Every mark of the declared navigation, in menu order. */
export function declaredMenuMarks(nodes: NavNode[] = seedNavigation): string[] {
  return nodes.flatMap((n) => [menuMarkOf(n), ...(isNavGroup(n) ? declaredMenuMarks(n.children) : [])]);
}

interface MenuRow {
  id: number;
  sortNum: number;
}

/**
 * On start: gives the menus declared since the installation was given its menus, in one transaction; answers the
 * marks given. The usual start reads the marks only. Instances started together give them once: each claims a mark
 * before its menu, and the later one's claim fails on the key (it waits for the first to commit on PostgreSQL and
 * MySQL/MariaDB; SQLite's transactions take the write lock first), which rolls back all it wrote.
 */
export async function syncBuiltinMenus(db: AppDb, engine: Engine, navigation: NavNode[] = seedNavigation): Promise<string[]> {
  const given = await givenMarks(db);
  if (declaredMenuMarks(navigation).every((mark) => given.has(mark))) return [];
  try {
    return await db.transaction().execute((trx) => giveBuiltinMenus(trx, engine, new Date(), navigation));
  } catch (err) {
    if (isDuplicateKey(err)) return [];
    throw err;
  }
}

const givenMarks = async (db: AppDb) => new Set((await db.selectFrom(BUILTIN_MENUS).select('mark').execute()).map((r) => String(r.mark)));

/**
 * Gives, inside the caller's transaction, every declared menu not given yet: under its declared group's live menu
 * (the top level when that menu is gone), after its declared predecessor among its siblings (its seeded place on a
 * new installation); a page whose route a live menu opens already gets no second one. Answers the marks given.
 */
export async function giveBuiltinMenus(trx: AppDb, engine: Engine, now = new Date(), navigation: NavNode[] = seedNavigation): Promise<string[]> {
  const given = await givenMarks(trx);
  const createTime = nowText(now);
  const added: string[] = [];

  /** The first live menu with this mark or route (under `parent` when given). */
  const liveRow = async (column: 'menuMark' | 'url', value: string, parent?: number): Promise<MenuRow | undefined> => {
    let query = trx.selectFrom('sys_menu').select(['id', 'sortNum']).where(column, '=', value).where('isdelete', '=', 0);
    if (parent !== undefined) query = query.where('parentMenu', '=', parent);
    const row = await query.orderBy('id').executeTakeFirst();
    return row ? { id: Number(row.id), sortNum: Number(row.sortNum) } : undefined;
  };
  const rowOf = (node: NavNode, parent?: number) => (isNavGroup(node) ? liveRow('menuMark', node.mark, parent) : liveRow('url', urlOf(node), parent));

  /** Where a new menu goes among the live rows of its declared siblings: just after its predecessor, else just before its successor. */
  const sortNumOf = async (siblings: NavNode[], i: number, parentMenu: number, parentIsNew: boolean): Promise<number> => {
    const seeded = (siblings.length - i) * 10;
    if (parentIsNew) return seeded;
    for (let j = i - 1; j >= 0; j--) {
      const row = await rowOf(siblings[j]!, parentMenu);
      if (row) return row.sortNum - 1;
    }
    for (let j = i + 1; j < siblings.length; j++) {
      const row = await rowOf(siblings[j]!, parentMenu);
      if (row) return row.sortNum + 1;
    }
    return seeded;
  };

  const walk = async (nodes: NavNode[], parentMenu: number, parentDisplay: number, parentIsNew: boolean): Promise<void> => {
    for (const [i, node] of nodes.entries()) {
      const mark = menuMarkOf(node);
      const display = (isNavGroup(node) ? node.display : undefined) ?? parentDisplay;
      let row: MenuRow | undefined;
      let isNew = false;
      if (given.has(mark)) {
        if (isNavGroup(node)) row = await liveRow('menuMark', mark);
      } else {
        // the claim first: a concurrent start waits on this key, then fails
        await trx.insertInto(BUILTIN_MENUS).values({ mark }).execute();
        given.add(mark);
        added.push(mark);
        row = await rowOf(node);
        if (!row) {
          const sortNum = await sortNumOf(nodes, i, parentMenu, parentIsNew);
          const id = await insertReturningId(trx, engine, 'sys_menu', {
            name: node.title['zh-CN'],
            nameEn: node.title['en-US'],
            menuType: 1,
            icon: node.icon ?? null,
            menuMark: mark,
            url: urlOf(node),
            // the menu call of SPEC.md §7 sorts sortNum descending within a parent: the first item has the highest
            sortNum,
            display,
            intro: null,
            parentMenu,
            createTime,
            isdelete: 0,
          });
          row = { id, sortNum };
          isNew = true;
        }
      }
      if (isNavGroup(node)) await walk(node.children, row?.id ?? 0, display, isNew);
    }
  };
  // a new installation (nothing given yet) takes the seeded places
  await walk(navigation, 0, 1, given.size === 0);
  return added;
}

/** The routes of the declared menus whose marks are not among `given`, in menu order ('' for a group): what the next start adds. */
export function declaredMenuUrls(given: ReadonlySet<string>, nodes: NavNode[] = seedNavigation): string[] {
  return nodes.flatMap((n) => [...(given.has(menuMarkOf(n)) ? [] : [urlOf(n)]), ...(isNavGroup(n) ? declaredMenuUrls(given, n.children) : [])]);
}
