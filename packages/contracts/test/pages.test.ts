import { describe, expect, it } from 'vitest';
import { builtinTableDefs, EDIT, isNavGroup, managePages, page, seedNavigation, tablePage, type NavNode } from '../src/pages.ts';

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

  it('declare each built-in table once, with the page that owns it; a generated page owns the table its path names', () => {
    const flags = builtinTableDefs.map((d) => d.flag);
    expect(flags.filter((f, i) => flags.indexOf(f) !== i)).toEqual([]);
    for (const p of managePages) {
      for (const owned of p.owns ?? []) expect(Object.keys(p.tables), `${p.path} owns ${owned.flag}`).toContain(owned.flag);
      if (p.renders === 'generated') expect(p.owns?.map((d) => d.flag)).toEqual([p.path]);
    }
  });

  it('make a page without its table a type error', () => {
    const table = { softDelete: true, columns: [{ name: 'name', type: 'nvarchar' as const }] };
    // typed only, never run
    const withoutTable = () =>
      // @ts-expect-error a generated page is declared with its table
      tablePage({ path: 'examRoom', title: ['考场', 'Exam rooms'], icon: 'HomeOutlined', actions: EDIT });
    expect(withoutTable).toBeTypeOf('function');
    const room = tablePage({ path: 'examRoom', title: ['考场', 'Exam rooms'], icon: 'HomeOutlined', actions: EDIT, table });
    expect(room.owns).toEqual([{ ...table, flag: 'examRoom', title: { zh: '考场', en: 'Exam rooms' } }]);
    expect(room.tables).toEqual({ examRoom: EDIT });
    // @ts-expect-error a page owns only tables it offers actions on
    page('rooms', '考场', 'Rooms', undefined, { examRoom: EDIT }, [{ ...table, flag: 'examHall', title: { zh: '', en: '' } }]);
  });
});
