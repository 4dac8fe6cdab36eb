import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppDb } from './appDatabase.ts';
import type { Engine } from './connection.ts';

/**
 * Changes one instance makes that the others must see at once (docs/deployment.md, "Several instances"): a session
 * ended or an account's sessions, every cached caller (grants, roles, menus), the table definitions. On PostgreSQL
 * they travel by LISTEN/NOTIFY on one channel: a change published inside a transaction is delivered when it commits
 * (never before: another instance cannot reload the old state after being told), one published outside is delivered
 * at once. MySQL and MariaDB have no NOTIFY: the instances keep their short caches and the definitions' poll; SQLite is
 * one process.
 */
export type Change =
  | { topic: 'sessions'; all: true }
  | { topic: 'sessions'; user: number }
  | { topic: 'sessions'; hash: string }
  | { topic: 'registry' }
  /** the listener lost its connection and may have missed changes: drop every cache */
  | { topic: 'missed' };

export const CHANGES_CHANNEL = 'qb_changes';

export interface ChangeBus {
  /** Tells the other instances; `db` is the transaction the change belongs to (or the pool). */
  publish(db: AppDb, change: Change): Promise<void>;
  /** Calls `handler` with each change made by another instance. */
  subscribe(handler: (change: Change) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** MySQL, MariaDB, SQLite: nothing to send; the caches' short lives and the definitions' poll do the work. */
export class QuietChangeBus implements ChangeBus {
  async publish(): Promise<void> {}
  subscribe(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** LISTEN/NOTIFY on PostgreSQL: one connection of its own listens; it reconnects when lost and says `missed`. */
export class PgChangeBus implements ChangeBus {
  /** this instance's changes come back to its own listener: they carry its id and are skipped */
  readonly instance = crypto.randomBytes(8).toString('hex');
  private readonly handlers: ((change: Change) => void)[] = [];
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs = 100;
  private outageTold = false;
  /** the schema of this app's tables: instances of another app in another schema of the same database share the
   * channel (NOTIFY is per database) and are not listened to */
  private schema: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  log?: Logger;

  constructor(private readonly url: string) {}

  async publish(db: AppDb, change: Change): Promise<void> {
    const payload = JSON.stringify({ from: this.instance, schema: this.schema, ...change });
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db);
  }

  subscribe(handler: (change: Change) => void): void {
    this.handlers.push(handler);
  }

  private deliver(change: Change): void {
    for (const handler of this.handlers) {
      try {
        handler(change);
      } catch (err) {
        this.log?.warn({ err }, 'a change from another instance could not be applied');
      }
    }
  }

  /** Starts listening; a failure is no reason not to serve (the caches' short lives remain): it keeps trying. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect(false).catch((err: unknown) => {
      this.log?.warn({ err }, 'the listener of changes could not connect; trying again');
      this.schedule();
    });
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'qb-listen', keepAlive: true, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      let parsed: (Change & { from?: string; schema?: string }) | undefined;
      try {
        parsed = JSON.parse(message.payload) as Change & { from?: string; schema?: string };
      } catch {
        return;
      }
      if (parsed.from === this.instance || parsed.schema !== this.schema) return;
      const { from: _from, schema: _schema, ...change } = parsed;
      this.deliver(change as Change);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log?.warn({ err }, 'the listener of changes lost its connection; reconnecting');
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      this.schema = String((await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? '');
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (!reconnecting) throw err;
      // told once per outage, not at every try (every 2 s while the database is away)
      if (!this.outageTold) this.log?.warn({ err }, 'the listener of changes could not reconnect; trying again');
      this.outageTold = true;
      this.schedule();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 100;
    this.outageTold = false;
    // whatever was published while no connection listened is lost: every cache is dropped
    if (reconnecting) {
      this.log?.info({}, 'the listener of changes is back; caches dropped');
      this.deliver({ topic: 'missed' });
    }
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(true), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 2000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

export function changeBusFor(engine: Engine, url: string | undefined): ChangeBus {
  return engine === 'postgres' && url ? new PgChangeBus(url) : new QuietChangeBus();
}
