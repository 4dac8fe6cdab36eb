import Database from '../src/db/sqliteDriver.ts';

/**
 * Waits until a running server's search index has caught up with the questions generated behind its back (rows
 * written outside the server are indexed in bulk at its next start, migration 0008): a one-time cost after a bulk
 * load, which bench/search.ts measures, not part of a list call. A database without the search mark (an older
 * release) has nothing to catch up.
 */
export async function searchCaughtUp(file: string, table = 'questionBank'): Promise<void> {
  const db = new Database(file, { readonly: true });
  try {
    const marked = db.prepare(`select count(*) as n from sqlite_master where name = 'qb_search_mark'`).get() as { n: number };
    if (marked.n === 0) return;
    const read = db.prepare(`select (select max(rowid) from "${table}") as hi, (select upto from qb_search_mark where tbl = ?) as upto`);
    for (let i = 0; i < 1200; i++) {
      const { hi, upto } = read.get(table) as { hi: number | null; upto: number | null };
      if (Number(upto ?? hi) >= Number(hi ?? 0)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the search index of ${table} did not catch up in 120 s`);
  } finally {
    db.close();
  }
}
