import { expect } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import type { Condition } from '../src/crud/wheres.ts';
import type { TestApp } from './helpers.ts';

/**
 * The server's contains-search of the questions' names, as the search tests compare it with a plain `like`: the count
 * cache emptied first (every call reads), the total and the first 50 names of the list call (a search reading a bulk
 * load's range reads both in one statement, crud/searchReads.ts `onePassRead`), the same page read alone by its plan
 * (readPage: they must agree), and the condition the plan read it by (which index, from which bound of a bulk load).
 */
export async function serverSearch(t: TestApp, value: string): Promise<{ total: number; names: string[]; condition: Condition }> {
  t.ctx.crud.counts.invalidate('questionBank');
  const wheres = JSON.stringify({ name: { type: 'like', value } });
  const res = await t.select('questionBank', { row: '50', wheres: { name: { type: 'like', value } } });
  const names = (res.body.data as { name: string }[]).map((r) => String(r.name));
  // decided as the list call's plan was (a common search is told by the count cache's last total when there is one)
  t.ctx.crud.counts.invalidate('questionBank');
  const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '50', wheres }, SYSTEM);
  const alone = (await t.ctx.crud.readPage(plan)).map((r) => String(r.name));
  // the page read alone is read after the list call: equal unless a write came between them, which these tests never do
  expect({ value, page: alone }).toEqual({ value, page: names });
  return { total: res.body.total as number, names, condition: plan.conditions[0]! };
}

/**
 * A list call's page of the contains-search with its own paging and order (count cache emptied first), and whether its
 * total was read with the page in one statement (a search reading a bulk load's range: CrudReads.onePassReads).
 */
export async function serverPage(
  t: TestApp,
  value: string,
  query: { page?: number; row?: number; sort?: string; sortType?: string },
): Promise<{ total: number; names: string[]; onePass: boolean }> {
  t.ctx.crud.counts.invalidate('questionBank');
  const before = t.ctx.crud.onePassReads;
  const res = await t.select('questionBank', {
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    wheres: { name: { type: 'like', value } },
  });
  return {
    total: res.body.total as number,
    names: (res.body.data as { name: string }[]).map((r) => String(r.name)),
    onePass: t.ctx.crud.onePassReads === before + 1,
  };
}

/** The plain search a test compares the server's with: one page of a contains-search's names and its total. */
export type PlainPage = (value: string, page: number, row: number, dir: 'asc' | 'desc') => Promise<{ total: number; names: string[] }>;

/**
 * Other pages and orders of the same search (page 2 of 3 rows by name descending; a page far past the last hit: an empty
 * page, its total still exact) against the plain search's; `onePass`, when given, is whether each must have been read
 * with its total in one statement (a search reading a bulk load's range). Answers how many were.
 */
export async function otherPagesMatch(t: TestApp, value: string, plain: PlainPage, onePass: boolean | undefined): Promise<number> {
  let onePassReads = 0;
  for (const [page, row, dir] of [
    [2, 3, 'desc'],
    [5000, 50, 'asc'],
  ] as const) {
    const paged = await serverPage(t, value, { page, row, sort: 'name', sortType: dir });
    expect({ value, page, total: paged.total, names: paged.names }).toEqual({ value, page, ...(await plain(value, page, row, dir)) });
    if (onePass !== undefined) expect({ value, page, onePass: paged.onePass }).toEqual({ value, page, onePass });
    if (paged.onePass) onePassReads++;
  }
  return onePassReads;
}
