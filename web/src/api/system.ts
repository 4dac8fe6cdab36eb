import type { MenuRow } from '@qb/contracts';
import { call } from './client.ts';
import { MENU_QUERY } from './earlyCalls.ts';

/** GET /api/system/menu/ with the sort of SPEC.md §7: the flat rows, in the server's order. */
export async function fetchMenu(): Promise<MenuRow[]> {
  const answer = await call('menu', {
    // the same order the early script asks for (api/earlyCalls.ts)
    query: MENU_QUERY,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}
