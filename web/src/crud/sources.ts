import type { Wheres, WhereValue } from '@qb/contracts';
import type { TFunction } from 'i18next';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError, deleteRows, listUsers, saveRow, saveUser, selectRows, type SelectParams } from '../api/index.ts';
import type { CrudSource, Row } from './types.ts';

/** SPEC.md §8: save messages show for 2 s. */
export const SAVE_MESSAGE_SECONDS = 2;

/** A refused save shown for 2 s with the server's message; an expired session says so itself (client.ts). */
export function toastSaveFailure(toast: MessageInstance, error: unknown, t: TFunction): void {
  if (error instanceof ApiError && error.sessionExpired) return;
  toast.error({ content: error instanceof Error ? error.message : t('http.failed'), duration: SAVE_MESSAGE_SECONDS });
}

/**
 * The generic API of one table. Rows are named by `id` in the page (selection, edit, delete, trees); a runtime
 * table keyed by another column (it then has no id column) gets its key value as `id`, which is also how the
 * generic save and delete name a row.
 */
export function apiSource(flag: string, key = 'id'): CrudSource {
  return {
    list: async (params) => {
      const answer = await selectRows<Row>(flag, params);
      return key === 'id' ? answer : { ...answer, rows: answer.rows.map((r) => ({ ...r, id: r[key] as number | string })) };
    },
    save: (params) => saveRow(flag, params),
    remove: (ids, version) => deleteRows(flag, ids, version),
    serverTable: true,
  };
}

/** Accounts: listed by /api/user/list/, saved by /api/user/save/ (a new account's password comes back once). */
export const userSource: CrudSource = {
  list: (params) => listUsers<Row>(params),
  save: (params) => saveUser(params),
  remove: (ids, version) => deleteRows('sys_user', ids, version),
  serverTable: true,
  ownWrites: true,
};

function matches(value: unknown, condition: WhereValue): boolean {
  if (Array.isArray(condition)) return condition.some((c) => String(c) === String(value));
  if (condition && typeof condition === 'object') {
    const { type, value: expected } = condition;
    if (type === 'like')
      return String(value ?? '')
        .toLowerCase()
        .includes(String(expected).toLowerCase());
    if (type === 'between' && Array.isArray(expected)) return String(value) >= String(expected[0]) && String(value) <= String(expected[1]);
    return String(value) === String(expected);
  }
  return String(value) === String(condition);
}

/**
 * Rows held in the page (the demo table): filtered, sorted and paged here with the same grammar as the
 * server, and edited in memory until the page is reloaded.
 */
export function staticSource(id: string, initial: () => Row[]): CrudSource {
  let rows: Row[] | undefined;
  const all = () => (rows ??= initial());
  return {
    async list(params: SelectParams) {
      const wheres: Wheres = params.wheres ?? {};
      let found = all().filter((r) => Object.entries(wheres).every(([k, c]) => k === 'isdelete' || matches(r[k], c)));
      if (params.sort) {
        const key = params.sort;
        const dir = params.sortType === 'desc' ? -1 : 1;
        found = [...found].sort((a, b) => {
          const x = a[key] as number | string;
          const y = b[key] as number | string;
          return (x < y ? -1 : x > y ? 1 : 0) * dir;
        });
      }
      const size = params.row ?? 20;
      const page = params.page ?? 1;
      return { rows: found.slice((page - 1) * size, page * size), total: found.length };
    },
    async save(params) {
      const list = all();
      if (params.id) {
        const i = list.findIndex((r) => r.id === params.id);
        if (i >= 0) list[i] = { ...list[i], ...params };
        return { id: Number(params.id), created: false };
      }
      const id = list.reduce((max, r) => Math.max(max, Number(r.id)), 0) + 1;
      list.unshift({ ...params, id });
      return { id, created: true };
    },
    async remove(ids) {
      const gone = new Set(ids.map(String));
      rows = all().filter((r) => !gone.has(String(r.id)));
    },
    serverTable: false,
    id,
  };
}
