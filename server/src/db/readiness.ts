import { sql } from 'kysely';
import { type AnyDb, PROBE_SQL } from './connection.ts';

/**
 * Whether the app's database answers, for `GET /api/health/ready`: a `select 1` that must answer within
 * `timeoutMs`, its result kept for `cacheMs` so that load balancers polling many times a second cost the
 * database one probe a second per instance. Calls that arrive while a probe runs share it.
 */
export class Readiness {
  private last: { at: number; ready: boolean } | undefined;
  private running: Promise<boolean> | undefined;

  constructor(
    private readonly db: AnyDb,
    private readonly timeoutMs = 1000,
    private readonly cacheMs = 1000,
    private readonly now = () => Date.now(),
  ) {}

  async ready(): Promise<boolean> {
    if (this.last && this.now() - this.last.at < this.cacheMs) return this.last.ready;
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    // a probe that outlives its deadline settles later, unheard (its rejection is caught here)
    const answered = sql
      .raw(PROBE_SQL)
      .execute(this.db)
      .then(
        () => true,
        () => false,
      );
    try {
      const ready = await Promise.race([answered, deadline]);
      this.last = { at: this.now(), ready };
      return ready;
    } finally {
      clearTimeout(timer);
    }
  }
}
