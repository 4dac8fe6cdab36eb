import { sql } from 'kysely';
import type { AppDb } from '../db/appDatabase.ts';
import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';

/** How a bill flow moves its member's balance: type 1 (收入) adds its money, type 2 (支出) subtracts it. */
function effect(row: Record<string, unknown> | undefined): { memberid: number; amount: number } | undefined {
  if (!row || Number(row.isdelete ?? 0) !== 0) return undefined;
  const memberid = Number(row.memberid);
  const money = Number(row.money);
  const sign = Number(row.type) === 1 ? 1 : Number(row.type) === 2 ? -1 : 0;
  if (!Number.isInteger(memberid) || memberid <= 0 || !Number.isFinite(money) || sign === 0) return undefined;
  return { memberid, amount: sign * money };
}

async function addToBalance(trx: AppDb, memberid: number, amount: number): Promise<void> {
  if (amount === 0) return;
  // rounded to cents in SQL: SQLite keeps money as a float, where 10.1 - 6.3 is not 3.8
  const cents = Math.round(amount * 100) / 100;
  await trx
    .updateTable('sys_member')
    .set({ balance: sql`round(coalesce(balance, 0) + ${cents}, 2)` })
    .where('id', '=', memberid)
    .execute();
}

/**
 * A member's balance is kept by the bill flows (docs/decisions.md): adding a flow applies it, editing
 * one takes back its old effect and applies the new one, deleting one takes it back, all in the same
 * transaction as the flow itself.
 */
export const billFlowBalance: TableHooks = {
  async afterWrite(trx: AppDb, change: RowChange) {
    const before = effect(change.before);
    const after = effect(change.after);
    if (before) await addToBalance(trx, before.memberid, -before.amount);
    if (after) await addToBalance(trx, after.memberid, after.amount);
  },
};
