import type { DashboardSummary } from '@qb/contracts';
import { sql } from 'kysely';
import type { AppDb, AppTable } from '../db/appDatabase.ts';
import type { Connection } from '../db/connection.ts';
import { type Condition } from '../crud/wheres.ts';
import { scopeExpression } from '../crud/rowScope.ts';
import { nowText } from '../db/time.ts';

const DAYS = 30;

/**
 * The home page's figures: live counts and 30 days of bill-flow income (type 1) and expense (type 2). `scopeOf`: the
 * conditions that keep the caller to its rows of a table (crud/rowScope.ts; undefined: every row), so that a role held
 * to some rows counts only those, as its lists do.
 */
export async function dashboardSummary(
  conn: Pick<Connection, 'db' | 'engine'>,
  today = new Date(),
  scopeOf: (flag: string) => Condition[] | undefined = () => undefined,
): Promise<DashboardSummary> {
  const db: AppDb = conn.db;
  const count = async (table: AppTable & ('questionsClass' | 'questionsSmallClass' | 'questionBank' | 'sys_member')) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('isdelete', '=', 0)
          .where((eb) => scopeExpression(eb, scopeOf(table), conn.engine))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [subjects, categories, questions, members] = await Promise.all(
    (['questionsClass', 'questionsSmallClass', 'questionBank', 'sys_member'] as const).map(count),
  );
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (DAYS - 1)));
  const day =
    conn.engine === 'postgres'
      ? sql<string>`to_char("answerDate", 'YYYY-MM-DD')`
      : conn.engine === 'mysql'
        ? sql<string>`date_format(answerDate, '%Y-%m-%d')`
        : sql<string>`substr(answerDate, 1, 10)`;
  const rows = await db
    .selectFrom('userBillFlow')
    .select([day.as('day'), 'type', (eb) => eb.fn.sum('money').as('total')])
    .where('isdelete', '=', 0)
    .where((eb) => scopeExpression(eb, scopeOf('userBillFlow'), conn.engine))
    .where('answerDate', '>=', nowText(first))
    .groupBy([day, 'type'])
    .execute();
  const byDay = new Map<string, { income: number; expense: number }>();
  for (let i = 0; i < DAYS; i++) {
    const d = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(d, { income: 0, expense: 0 });
  }
  for (const r of rows) {
    const entry = byDay.get(String(r.day));
    if (!entry) continue;
    const total = Math.round(Number(r.total) * 100) / 100;
    if (Number(r.type) === 1) entry.income = total;
    else if (Number(r.type) === 2) entry.expense = total;
  }
  return {
    counts: { subjects, categories, questions, members },
    billFlow: [...byDay].map(([date, v]) => ({ date, ...v })),
  };
}
