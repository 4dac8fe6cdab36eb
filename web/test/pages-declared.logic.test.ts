import { isNavGroup, managePages, seedNavigation, type NavNode } from '@qb/contracts/pages';
import { describe, expect, it } from 'vitest';
import manageEnUS from '../src/i18n/manage.en-US.ts';
import manageZhCN from '../src/i18n/manage.zh-CN.ts';
import { findManageRoute, manageRoutes, resolveManageRoute } from '../src/pages/manageRoutes.ts';

/** The web app reads the one declaration of the pages (packages/contracts/src/pages.ts): router, titles, menu names. */
describe('pages declared once, as the web app sees them', () => {
  it('every page with a component of its own has a route that loads it; every other one is its table’s generated page', () => {
    for (const page of managePages) {
      const route = resolveManageRoute(`/manage/${page.path}`);
      expect(route, page.path).toBeDefined();
      if (page.renders === 'own') {
        expect(findManageRoute(`/manage/${page.path}`)?.load, page.path).toBeTypeOf('function');
        expect(route!.flag).toBeUndefined();
      } else expect(route!.flag, page.path).toBe(page.path);
    }
    expect(manageRoutes.map((r) => r.path).sort()).toEqual(
      managePages
        .filter((p) => p.renders === 'own')
        .map((p) => p.path)
        .sort(),
    );
  });

  it('every route is titled in both languages, with the declared titles', () => {
    for (const route of manageRoutes) {
      const key = route.titleKey.replace(/^route\./, '');
      const page = managePages.find((p) => p.path === route.path)!;
      expect(manageZhCN.route[key]).toBe(page.title['zh-CN']);
      expect(manageEnUS.route[key]).toBe(page.title['en-US']);
    }
  });

  it('every menu the seed writes has its English name', () => {
    const walk = (nodes: NavNode[]): void =>
      nodes.forEach((node) => {
        expect(manageEnUS.menuName[node.title['zh-CN']], node.title['zh-CN']).toBe(node.title['en-US']);
        if (isNavGroup(node)) walk(node.children);
      });
    walk(seedNavigation);
  });
});
