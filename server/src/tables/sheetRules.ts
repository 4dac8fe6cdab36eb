import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import { ApiError } from '../http/errors.ts';

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The rule of a created table's definition (sys_dataSheet), run by every write path in the write's transaction:
 * once its real table exists, its table name and its source are fixed (the page, its menu and the rows live there);
 * a refusal rolls the write back. Deleting the definition leaves the real table and its rows in place.
 */
export const sheetRule: TableHooks = {
  async afterWrite(_trx, change: RowChange) {
    if (change.action !== 'update' || !change.before || !change.after) return;
    if (Number(change.before.created) !== 1) return;
    if (!same(change.before.tableName, change.after.tableName) || !same(change.before.parentid, change.after.parentid)) {
      throw new ApiError(400, 'ddlRefused', {
        zh: '已建表的数据表不能修改表名或数据源',
        en: 'the table name and the data source of a created table cannot be changed',
        subject: String(change.before.tableName ?? '').slice(0, 80),
      });
    }
  },
};
