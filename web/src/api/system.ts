import type { MenuRow } from '@qb/contracts';
import { call } from './client.ts';

/** GET /api/system/menu/ with the sort of SPEC.md §7: the flat rows, in the server's order. */
export async function fetchMenu(): Promise<MenuRow[]> {
  const answer = await call('menu', {
    query: { sort: 'parentMenu, sortNum', sortType: 'asc, desc' },
  });
  return Array.isArray(answer.data) ? answer.data : [];
}
