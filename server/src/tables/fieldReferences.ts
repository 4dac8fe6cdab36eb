import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import type { AnyDb } from '../db/connection.ts';
import { ApiError } from '../http/errors.ts';
import { labelRefusal, type ReferenceRefusal, referenceRefusal } from '../schema/references.ts';
import type { TableRegistry } from '../schema/registry.ts';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The reference rule on every write path of a column definition (sys_tableFields: save, master-slave, import, read-back),
 * inside the write's transaction: a column may reference only what schema/references.ts allows (its own table, an
 * operator table of the same source, a referable content table from the local database), shown by a label column
 * that table answers. A refusal rolls the whole write back. Issue 17 #1: a reference gives view on the referenced rows.
 */
export function fieldReferenceRule(registry: TableRegistry): TableHooks {
  return {
    async afterWrite(trx: AnyDb, change: RowChange) {
      const after = change.after;
      if (!after || Number(after.isdelete ?? 0) === 1) return;
      const refTable = text(after.refTable);
      const refLabel = text(after.refLabel);
      if (refTable === '') {
        if (refLabel !== '') throw refused(after, refTable, { zh: '只有引用表时才能设置引用显示字段', en: 'a label column needs a referenced table' });
        return;
      }
      const sheet = await trx.selectFrom('sys_dataSheet').select(['tableName', 'parentid']).where('id', '=', Number(after.parentid)).executeTakeFirst();
      const from = { flag: text(sheet?.tableName), source: Number(sheet?.parentid ?? 10000), dynamic: true };
      const label = refLabel || 'name';
      if (refTable === from.flag) {
        // a tree: the label is a column of this same definition
        const own = await trx
          .selectFrom('sys_tableFields')
          .select('columnName')
          .where('parentid', '=', Number(after.parentid))
          .where('isdelete', '=', 0)
          .where('columnName', '=', label)
          .executeTakeFirst();
        if (!own && label !== 'id') throw refused(after, refTable, labelRefusal(undefined, label)!);
        return;
      }
      const target = registry.has(refTable) ? registry.get(refTable) : undefined;
      const refusal = referenceRefusal(from, target) ?? labelRefusal(target?.columns.get(label), label);
      if (refusal) throw refused(after, refTable, refusal);
    },
  };
}

function refused(row: Record<string, unknown>, table: string, why: ReferenceRefusal): ApiError {
  return new ApiError(400, 'referenceRefused', { column: text(row.columnName).slice(0, 64), table: table.slice(0, 64), zh: why.zh, en: why.en });
}
