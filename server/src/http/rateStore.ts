import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { AppDb } from '../db/appDatabase.ts';
import type { Engine } from '../db/connection.ts';

/** Rows of windows that ended this long ago are deleted (now and then, by the calls themselves). */
const KEEP_MS = 10 * 60_000;
const SWEEP_EVERY = 200;

/**
 * A store of @fastify/rate-limit that counts in the database (sys_rateLimit, migration 0009), so that every instance
 * shares one budget per client: a client that spreads its captcha or login calls over several instances gets the
 * route's `max` once, not once per instance (issue 22). One upsert per limited call: a fixed window per route and
 * client, started by its first call. A database that cannot be reached lets the call through (the limit protects
 * the database; the call itself then answers the database's 503).
 */
export function databaseRateStore(db: AppDb, engine: Engine): FastifyRateLimitStoreCtor {
  let calls = 0;
  const sweep = (now: number) => {
    if (++calls % SWEEP_EVERY !== 0) return;
    void db
      .deleteFrom('sys_rateLimit')
      .where('startMs', '<', now - KEEP_MS)
      .execute()
      .catch(() => undefined);
  };

  async function hit(bucket: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    sweep(now);
    const hits = sql.ref('sys_rateLimit.hits');
    const startMs = sql.ref('sys_rateLimit.startMs');
    const expired = sql<boolean>`${startMs} + ${windowMs} <= ${now}`;
    let row: { hits: unknown; startMs: unknown } | undefined;
    if (engine === 'mysql') {
      // MySQL and MariaDB: the assignments run in order, so `hits` is set first, from the window as it was; no
      // RETURNING there, so the row is read after
      await db
        .insertInto('sys_rateLimit')
        .values({ bucket, hits: 1, startMs: now })
        .onDuplicateKeyUpdate({
          hits: sql`if(${expired}, 1, ${hits} + 1)`,
          startMs: sql`if(${expired}, ${now}, ${startMs})`,
        })
        .execute();
      row = await db.selectFrom('sys_rateLimit').select(['hits', 'startMs']).where('bucket', '=', bucket).executeTakeFirst();
    } else {
      row = await db
        .insertInto('sys_rateLimit')
        .values({ bucket, hits: 1, startMs: now })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet({
            hits: sql`case when ${expired} then 1 else ${hits} + 1 end`,
            startMs: sql`case when ${expired} then ${now} else ${startMs} end`,
          }),
        )
        .returning(['hits', 'startMs'])
        .executeTakeFirst();
    }
    const current = Number(row?.hits ?? 1);
    const ttl = Math.max(0, Number(row?.startMs ?? now) + windowMs - now);
    return { current, ttl };
  }

  class DatabaseRateStore implements FastifyRateLimitStore {
    constructor(private readonly route = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hit(`${this.route}|${key}`.slice(0, 200), timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** one store per limited route: its rows are the route's (@fastify/rate-limit passes the route as `routeInfo`) */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method, url } = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateStore(`${[method ?? ''].flat().join(',')} ${url ?? ''}`);
    }
  }
  return DatabaseRateStore as unknown as FastifyRateLimitStoreCtor;
}
