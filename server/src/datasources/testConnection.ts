import { ApiError } from '../http/errors.ts';
import { CONNECT_TIMEOUT_MS, type LocalFileRule, openSourceDb, probeWithin, type SourceConfig } from './engines.ts';
import { type ConnectFailure, connectFailureOf, type ConnectFailureReason } from './driverErrors.ts';

export type ConnectionTestResult =
  | { ok: true; elapsedMs: number }
  | {
      ok: false;
      reason: ConnectFailureReason;
      /** the answer to give: 504 for a timeout, 502 otherwise; its message names the reason in both languages */
      error: ConnectFailure;
      /** the driver's own message */
      detail: string;
      elapsedMs: number;
    };

export interface ConnectionTestOptions {
  /** what a SQLite source may not open (this server's own files) */
  localFiles: LocalFileRule;
  timeoutMs?: number;
  /** SOURCES_DENY_PRIVATE (docs/configuration.md) */
  denyPrivateHosts?: boolean;
}

/**
 * Connects once (same drivers and timeouts as the pools), runs `select 1` (Oracle: `select 1 from dual`)
 * and closes. A failure to connect is an answer, not an exception; a configuration refused before any
 * connection (this server's own database file) throws its 400 ApiError.
 */
export async function testConnection(config: SourceConfig, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let db;
  try {
    db = await openSourceDb(config, {
      timeoutMs,
      poolSize: 1,
      applicationName: 'qb-connection-test',
      localFiles: options.localFiles,
      denyPrivateHosts: options.denyPrivateHosts,
    });
    await probeWithin(db, config.engine, timeoutMs);
    const elapsedMs = elapsed();
    await db.destroy();
    return { ok: true, elapsedMs };
  } catch (err) {
    // not awaited: closing a connection that is still trying must not hold the answer
    db?.destroy().catch(() => {});
    if (err instanceof ApiError) throw err;
    const error = connectFailureOf(err, config, timeoutMs);
    return { ok: false, reason: error.reason, error, detail: error.detail, elapsedMs: elapsed() };
  }
}
