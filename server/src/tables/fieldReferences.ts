import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import type { AppDb } from '../db/appDatabase.ts';
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
    async afterWrite(trx: AppDb, change: RowChange) {
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
        // the key of this same definition, when it is written already (a master-slave save writes the columns in order)
        const key = await trx
          .selectFrom('sys_tableFields')
          .select(['columnName', 'type'])
          .where('parentid', '=', Number(after.parentid))
          .where('isdelete', '=', 0)
          .where('primaryKey', '=', 1)
          .executeTakeFirst();
        const mismatch = key && keyTypeRefusal(after, String(key.columnName), String(key.type));
        if (mismatch) throw refused(after, refTable, mismatch);
        return;
      }
      const target = registry.has(refTable) ? registry.get(refTable) : undefined;
      const refusal = referenceRefusal(from, target) ?? labelRefusal(target?.columns.get(label), label);
      if (refusal) throw refused(after, refTable, refusal);
      const mismatch = keyTypeRefusal(after, target!.primaryKey, target!.columns.get(target!.primaryKey)?.type ?? 'int');
      if (mismatch) throw refused(after, refTable, mismatch);
    },
  };
}

/**
 * A reference column holds the referenced rows' keys: its type is the key's (an int column for an int id), or the
 * dropdown's values are never the column's and the CREATE TABLE makes a column of the wrong type (issue 31 #3).
 */
function keyTypeRefusal(row: Record<string, unknown>, key: string, keyType: string): ReferenceRefusal | undefined {
  const type = text(row.type) || 'nvarchar';
  if (type === keyType) return undefined;
  return {
    zh: `引用字段的类型须与被引用表的主键 ${key.slice(0, 64)} 相同（${keyType}），不能是 ${type.slice(0, 20)}`,
    en: `a reference column has the type of the referenced key ${key.slice(0, 64)} (${keyType}), not ${type.slice(0, 20)}`,
  };
}

function refused(row: Record<string, unknown>, table: string, why: ReferenceRefusal): ApiError {
  return new ApiError(400, 'referenceRefused', { column: text(row.columnName).slice(0, 64), table: table.slice(0, 64), zh: why.zh, en: why.en });
}
