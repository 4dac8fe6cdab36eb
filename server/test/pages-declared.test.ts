import fs from 'node:fs';
import { managePages, seedNavigation, isNavGroup, type NavNode } from '@qb/contracts/pages';
import { describe, expect, it } from 'vitest';
import { offeredActions, pageDeclaration } from '../src/access/pages.ts';
import { type SeedMenu, seedMenus } from '../src/seed/seedData.ts';
import { TableRegistry } from '../src/schema/registry.ts';

/**
 * A page is declared once (packages/contracts/src/pages.ts); the server's access rules and the menu seed are read
 * from it. These fail when a page is in one place and not in another.
 */
describe('pages declared once', () => {
  const registry = new TableRegistry();

  it('seeds every menu of the first release as it was, in its group and order (a new installation starts with the menus of SPEC.md §2)', () => {
    // the first release's seed, frozen: a page declared since adds a menu, and leaves these as they were
    const earlier = JSON.parse(fs.readFileSync(new URL('./fixtures/seed-menus-v1.json', import.meta.url), 'utf8')) as SeedMenu[];
    const kept = (now: SeedMenu[], then: SeedMenu[]): unknown[] =>
      then.map((old) => {
        const same = now.find((m) => m.menuMark === old.menuMark);
        return same && { ...same, children: same.children && kept(same.children, old.children ?? []) };
      });
    const order = (menus: SeedMenu[], marks: Set<string>): string[] => menus.map((m) => m.menuMark).filter((m) => marks.has(m));
    const strip = (menus: SeedMenu[]): unknown[] => menus.map(({ children, ...m }) => ({ ...m, children: children && strip(children) }));
    expect(kept(seedMenus, earlier)).toEqual(strip(earlier));
    const walk = (now: SeedMenu[], then: SeedMenu[]) => {
      const marks = new Set(then.map((m) => m.menuMark));
      expect(order(now, marks)).toEqual(then.map((m) => m.menuMark));
      for (const old of then) if (old.children) walk(now.find((m) => m.menuMark === old.menuMark)!.children!, old.children);
    };
    walk(seedMenus, earlier);
  });

  it('every seeded menu opens a declared page, and every page of the navigation is seeded once', () => {
    const urls: string[] = [];
    const walk = (nodes: NavNode[]) => nodes.forEach((n) => (isNavGroup(n) ? walk(n.children) : urls.push(`/manage/${n.path}`)));
    walk(seedNavigation);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(
        managePages.some((p) => `/manage/${p.path}` === url),
        url,
      ).toBe(true);
      expect(pageDeclaration(url, registry), url).toBeDefined();
    }
  });

  it("every declared page's tables are tables of the server, and its actions are offered on its menu", () => {
    for (const page of managePages) {
      const declaration = pageDeclaration(`/manage/${page.path}`, registry);
      expect(declaration?.tables, page.path).toEqual(page.tables);
      for (const table of Object.keys(page.tables)) expect(registry.has(table), `${page.path}: ${table}`).toBe(true);
      expect(offeredActions(declaration)).toContain('view');
      // a generated page is the generic page of the table its path names
      if (page.renders === 'generated') expect(Object.keys(page.tables)).toContain(page.path);
    }
  });

  it('paths, menu marks and titles are unique, and every title is there in both languages', () => {
    expect(new Set(managePages.map((p) => p.path)).size).toBe(managePages.length);
    const marks = managePages.map((p) => p.mark ?? p.path);
    expect(new Set(marks).size).toBe(marks.length);
    for (const page of managePages) {
      expect(page.title['zh-CN'].trim(), page.path).not.toBe('');
      expect(page.title['en-US'].trim(), page.path).not.toBe('');
    }
  });

  it('a route that is no declared page is not one (no prototype keys, no built-in table page)', () => {
    expect(pageDeclaration('/manage/constructor', registry)).toBeUndefined();
    expect(pageDeclaration('/manage/sys_user', registry)).toBeUndefined();
  });
});
