import type { AnyDb } from '../db/connection.ts';

/** A menu's live layout record (sys_layList, the first by id), or null: what a generated page reads of its page. */
export async function menuLayout(db: AnyDb, menuId: number): Promise<{ id: number; menuId: number; layout: string | null } | null> {
  const row = await db
    .selectFrom('sys_layList')
    .select(['id', 'menuId', 'layout'])
    .where('menuId', '=', menuId)
    .where('isdelete', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: Number(row.id), menuId: Number(row.menuId), layout: row.layout == null ? null : String(row.layout) } : null;
}
