import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import { ApiError } from '../http/errors.ts';
import { badDefaultOf } from '../schema/runtime.ts';
import { optionsRefusal } from './fieldOptions.ts';

/**
 * The rules of a column's definition (sys_tableFields), run by every write path in the write's transaction: the
 * default of an int column is an integer, of a float or money column a number. Such a default, once stored, used
 * to make the loader drop the whole created table from the registry (its page answered UNKNOWN_FLAG). The
 * enumeration (`options`) is one the loader reads and the column can hold (tables/fieldOptions.ts, issue 31 #3).
 */
export const fieldDefaultRule: TableHooks = {
  async afterWrite(_trx, change: RowChange) {
    // a removed column's default no longer matters (so an earlier bad one can still be removed)
    if (!change.after || change.action === 'delete' || Number(change.after.isdelete) === 1) return;
    const expected = badDefaultOf(String(change.after.type ?? ''), change.after.defaults);
    if (expected) {
      throw new ApiError(400, 'badDefault', {
        column: String(change.after.columnName ?? '').slice(0, 64),
        value: String(change.after.defaults).slice(0, 40),
        expected,
      });
    }
    const refused = optionsRefusal(change.after);
    if (refused) throw new ApiError(400, 'optionsRefused', { column: String(change.after.columnName ?? '').slice(0, 64), zh: refused.zh, en: refused.en });
  },
};
