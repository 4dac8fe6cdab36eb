import { describe, expect, it } from 'vitest';
import { isNavGroup, managePages, seedNavigation, type NavNode } from '../src/pages.ts';

const seeded = (nodes: NavNode[]): NavNode[] => nodes.flatMap((n) => (isNavGroup(n) ? [n, ...seeded(n.children)] : [n]));

/** The page declarations (pages.ts): what the router, the tabs, the grants and the menu seed read. */
describe('page declarations', () => {
  it('give each page a path and a seeded menu mark of its own, and titles in both languages', () => {
    const paths = managePages.map((p) => p.path);
    expect(new Set(paths).size, paths.join()).toBe(paths.length);
    const marks = seeded(seedNavigation).map((n) => ('path' in n ? (n.mark ?? n.path) : n.mark));
    expect(marks.filter((m, i) => marks.indexOf(m) !== i)).toEqual([]);
    for (const node of [...managePages, ...seeded(seedNavigation)]) {
      expect(node.title['zh-CN'].trim(), JSON.stringify(node.title)).not.toBe('');
      expect(node.title['en-US'].trim(), JSON.stringify(node.title)).not.toBe('');
    }
  });

  it('seed only pages that are declared, each once', () => {
    const declared = new Set<object>(managePages);
    const pages = seeded(seedNavigation).filter((n) => !isNavGroup(n));
    for (const page of pages) expect(declared.has(page), 'path' in page ? page.path : '').toBe(true);
    expect(new Set(pages).size).toBe(pages.length);
  });
});
