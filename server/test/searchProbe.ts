import { SYSTEM } from '../src/access/index.ts';
import type { Condition } from '../src/crud/wheres.ts';
import type { TestApp } from './helpers.ts';

/**
 * The server's contains-search of the questions' names, as the search tests compare it with a plain `like`: the count
 * cache emptied first (every call reads), the total and the first 50 names, and the condition the plan read it by
 * (which index, from which bound of a bulk load).
 */
export async function serverSearch(t: TestApp, value: string): Promise<{ total: number; names: string[]; condition: Condition }> {
  t.ctx.crud.counts.invalidate('questionBank');
  const wheres = JSON.stringify({ name: { type: 'like', value } });
  const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '50', wheres }, SYSTEM);
  const names = (await t.ctx.crud.readPage(plan)).map((r) => String(r.name));
  const res = await t.select('questionBank', { row: '50', wheres: { name: { type: 'like', value } } });
  return { total: res.body.total as number, names, condition: plan.conditions[0]! };
}
