import type { AnyDb, Engine } from './connection.ts';

/** Inserts one row and answers its id: RETURNING on PostgreSQL, the driver's insert id elsewhere. */
export async function insertReturningId(db: AnyDb, engine: Engine, table: string, values: Record<string, unknown>): Promise<number> {
  if (engine === 'postgres') return Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
  return Number((await db.insertInto(table).values(values).executeTakeFirstOrThrow()).insertId);
}
