import type { Wheres } from '@qb/contracts';
import { call } from './client.ts';

export interface SelectParams {
  page?: number;
  row?: number;
  wheres?: Wheres;
  sort?: string;
  sortType?: string;
  /** `_hasChildren=<parent column>`: each row says whether live rows name it as their parent (lazy trees) */
  hasChildren?: string;
}

export interface SelectResult<Row> {
  rows: Row[];
  total: number;
}

function selectQuery(flag: string, params: SelectParams) {
  return {
    _flag: flag,
    page: params.page ?? 1,
    row: params.row ?? 20,
    wheres: params.wheres,
    sort: params.sort,
    sortType: params.sortType,
    _hasChildren: params.hasChildren,
  };
}

/** GET /api/select/: one page of rows of the table named by `flag`. */
export async function selectRows<Row = Record<string, unknown>>(flag: string, params: SelectParams = {}): Promise<SelectResult<Row>> {
  const answer = await call('select', { query: selectQuery(flag, params) });
  return { rows: Array.isArray(answer.data) ? (answer.data as Row[]) : [], total: Number(answer.total ?? 0) };
}

/** GET /api/user/list/: accounts (sys_user, never the password hash), same parameters as /api/select/. */
export async function listUsers<Row = Record<string, unknown>>(params: SelectParams = {}): Promise<SelectResult<Row>> {
  const { _flag: _ignored, ...query } = selectQuery('sys_user', params);
  const answer = await call('userList', { query });
  return { rows: Array.isArray(answer.data) ? (answer.data as Row[]) : [], total: Number(answer.total ?? 0) };
}
