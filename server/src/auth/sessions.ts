import crypto from 'node:crypto';
import { loadAccess } from '../access/grants.ts';
import type { Caller } from '../access/index.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { AppDb } from '../db/appDatabase.ts';
import type { Change, ChangeBus } from '../db/changes.ts';

interface CachedSession {
  id: number;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  caller: Caller;
  loadedAt: number;
}

function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions live in sys_session (so that several instances share them); tokens are random and only
 * their SHA-256 is stored. A short in-process cache keeps the per-request check off the database.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /** tells the other instances what this one ended or must reload (db/changes.ts: at once on PostgreSQL) */
  changes?: ChangeBus;
  /** how long a cached session is trusted before the database is asked again (revocations by other instances
   * where no change reaches this one: MySQL, MariaDB) */
  private static readonly CACHE_MS = 5_000;
  /** lastSeenAt is written at most this often */
  private static readonly TOUCH_MS = 60_000;

  constructor(
    private readonly db: AppDb,
    private readonly registry: TableRegistry,
    private readonly idleMs: number,
    private readonly maxMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const t = this.now();
    await this.db
      .insertInto('sys_session')
      .values({ tokenHash: tokenHash(token), userId, createdAt: t, lastSeenAt: t })
      .execute();
    // old expired sessions are cleared as new ones are made
    await this.db
      .deleteFrom('sys_session')
      .where((eb) => eb.or([eb('lastSeenAt', '<', t - this.idleMs), eb('createdAt', '<', t - this.maxMs)]))
      .execute();
    return token;
  }

  /** The caller of a token, or undefined when it is unknown, revoked, idle too long or too old. */
  async resolve(token: string): Promise<Caller | undefined> {
    const key = tokenHash(token);
    const t = this.now();
    let s = this.cache.get(key);
    if (!s || t - s.loadedAt > SessionStore.CACHE_MS) {
      s = await this.load(key, t);
      if (!s) {
        this.cache.delete(key);
        return undefined;
      }
      this.cache.set(key, s);
    }
    if (t - s.lastSeenAt > this.idleMs || t - s.createdAt > this.maxMs) {
      await this.revokeHash(key);
      return undefined;
    }
    if (t - s.lastSeenAt > SessionStore.TOUCH_MS) {
      await this.db.updateTable('sys_session').set({ lastSeenAt: t }).where('id', '=', s.id).execute();
    }
    if (t - s.lastSeenAt > 1000) s.lastSeenAt = t;
    return s.caller;
  }

  private async load(key: string, t: number): Promise<CachedSession | undefined> {
    const row = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.userId')
      .select(['s.id', 's.userId', 's.createdAt', 's.lastSeenAt', 'u.loginid', 'u.name', 'u.state', 'u.isdelete', 'u.mustChangePassword'])
      .where('s.tokenHash', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.isdelete) !== 0 || Number(row.state) !== 1) return undefined;
    return {
      id: Number(row.id),
      userId: Number(row.userId),
      createdAt: Number(row.createdAt),
      lastSeenAt: Number(row.lastSeenAt),
      loadedAt: t,
      // the grants come with the session: no call queries them (docs/permissions.md)
      caller: {
        id: Number(row.userId),
        // both are required of an account (users/service.ts); the columns themselves allow null
        loginid: row.loginid ?? '',
        name: row.name ?? '',
        ...(Number(row.mustChangePassword) === 1 ? { mustChangePassword: true } : {}),
        ...(await loadAccess(this.db, this.registry, Number(row.userId))),
      },
    };
  }

  async revoke(token: string): Promise<void> {
    await this.revokeHash(tokenHash(token));
  }

  private async revokeHash(key: string): Promise<void> {
    this.cache.delete(key);
    await this.db.deleteFrom('sys_session').where('tokenHash', '=', key).execute();
    await this.tell(this.db, { topic: 'sessions', hash: key });
  }

  /** Tells the other instances; a failure to tell is logged by the bus's caller, never the revocation's failure. */
  private async tell(db: AppDb, change: Change): Promise<void> {
    await this.changes?.publish(db, change).catch(() => undefined);
  }

  /** A change another instance made: the cached callers it concerns are forgotten (nothing is told back). */
  applyChange(change: Change): void {
    if (change.topic === 'missed' || (change.topic === 'sessions' && 'all' in change)) this.cache.clear();
    else if (change.topic === 'sessions' && 'user' in change) this.forgetUserHere(change.user);
    else if (change.topic === 'sessions' && 'hash' in change) this.cache.delete(change.hash);
  }

  private forgetUserHere(userId: number): void {
    for (const [key, s] of this.cache) if (s.userId === userId) this.cache.delete(key);
  }

  /** Ends every session of a user but the one of `keepToken` (all of them when it is undefined). */
  async revokeUser(userId: number, keepToken?: string): Promise<void> {
    const keep = keepToken ? tokenHash(keepToken) : undefined;
    for (const [key, s] of this.cache) if (s.userId === userId && key !== keep) this.cache.delete(key);
    let q = this.db.deleteFrom('sys_session').where('userId', '=', userId);
    if (keep) q = q.where('tokenHash', '<>', keep);
    await q.execute();
    // the kept session (a password changed by its owner) is reloaded, not ended, by the others
    await this.tell(this.db, { topic: 'sessions', user: userId });
  }

  /**
   * Ends every session of a user inside the caller's transaction (an account disabled or deleted); the
   * caller forgets the cached ones once it has committed (forgetUser).
   */
  async revokeUserWith(db: AppDb, userId: number): Promise<void> {
    await db.deleteFrom('sys_session').where('userId', '=', userId).execute();
    // delivered when the transaction commits: another instance cannot reload the session before it is gone
    await this.changes?.publish(db, { topic: 'sessions', user: userId });
  }

  /** Forgets every cached caller (a role, a grant or a menu changed), so the next call of each reloads its grants. */
  forgetAll(): void {
    this.cache.clear();
    void this.tell(this.db, { topic: 'sessions', all: true });
  }

  /** The live sessions, newest first (the online-sessions page): never their tokens. */
  async list(): Promise<{ id: number; userId: number; loginid: string; name: string; createdAt: number; lastSeenAt: number }[]> {
    const t = this.now();
    const rows = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.userId')
      .select(['s.id', 's.userId', 's.createdAt', 's.lastSeenAt', 'u.loginid', 'u.name'])
      .where('s.lastSeenAt', '>=', t - this.idleMs)
      .where('s.createdAt', '>=', t - this.maxMs)
      .orderBy('s.lastSeenAt', 'desc')
      .limit(1000)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.userId),
      loginid: String(r.loginid),
      name: String(r.name),
      createdAt: Number(r.createdAt),
      lastSeenAt: Number(r.lastSeenAt),
    }));
  }

  /** The session id behind a token (to mark the caller's own session in the list). */
  async idOf(token: string): Promise<number | undefined> {
    return this.cache.get(tokenHash(token))?.id;
  }

  /** Ends one session by its id (force logout); false when there is no such session. */
  async revokeId(id: number): Promise<boolean> {
    for (const [key, s] of this.cache) if (s.id === id) this.cache.delete(key);
    const owner = await this.db.selectFrom('sys_session').select('userId').where('id', '=', id).executeTakeFirst();
    const r = await this.db.deleteFrom('sys_session').where('id', '=', id).executeTakeFirst();
    if (owner) await this.tell(this.db, { topic: 'sessions', user: Number(owner.userId) });
    return Number(r.numDeletedRows) > 0;
  }

  /** Forgets cached callers of a user (after an edit of the account), so the next call reloads them. */
  forgetUser(userId: number): void {
    this.forgetUserHere(userId);
    void this.tell(this.db, { topic: 'sessions', user: userId });
  }
}
