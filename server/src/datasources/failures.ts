import { ApiError } from '../http/errors.ts';
import type { SourceConfig } from './engines.ts';

/** Why a connection failed, in the few words an operator can act on. */
export type ConnectFailureReason = 'unreachable' | 'timeout' | 'loginRefused' | 'unknownDatabase' | 'other';

/** The error and everything it wraps (cause, AggregateError's errors, tedious' errors list). */
function* chainOf(err: unknown, depth = 0): Generator<{ code: string; message: string; number?: number }> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  const e = err as { code?: unknown; errno?: unknown; errorNum?: unknown; number?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const num = [e.errorNum, e.number, e.errno].find((n): n is number => typeof n === 'number');
  yield { code: typeof e.code === 'string' ? e.code : '', message: typeof e.message === 'string' ? e.message : '', number: num };
  yield* chainOf(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chainOf(inner, depth + 1);
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ETIMEOUT', 'NJS-510', 'NJS-040', 'ORA-12170', 'ERR_SOCKET_CONNECTION_TIMEOUT']);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ECONNRESET',
  'EADDRNOTAVAIL',
  'ESOCKET',
  'NJS-503',
  'NJS-511',
  'ORA-12541',
  'ORA-12543',
]);
const UNKNOWN_DATABASE_CODES = new Set(['3D000', 'ER_BAD_DB_ERROR', 'ORA-12514', 'ORA-12505', 'NJS-518', 'NJS-519', 'SQLITE_CANTOPEN']);
const LOGIN_CODES = new Set([
  '28P01',
  '28000',
  'ER_ACCESS_DENIED_ERROR',
  'ER_ACCESS_DENIED_NO_PASSWORD_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_NOT_SUPPORTED_AUTH_MODE',
  'ELOGIN',
  'ORA-01017',
  'ORA-28000',
  'ORA-28001',
  'ORA-01045',
]);

/** Sorts a driver's connection error (pg, mysql2, tedious, node-oracledb, better-sqlite3) into a reason. */
export function classifyConnectError(err: unknown): ConnectFailureReason {
  const links = [...chainOf(err)];
  const has = (codes: Set<string>) => links.some((l) => codes.has(l.code));
  const says = (pattern: RegExp) => links.some((l) => pattern.test(l.message));
  // SQL Server answers an unknown database as a failed login (ELOGIN, error 4060): look at the text first
  if (has(UNKNOWN_DATABASE_CODES) || says(/Cannot open database|Unknown database|database "[^"]*" does not exist/i) || links.some((l) => l.number === 4060)) {
    return 'unknownDatabase';
  }
  if (has(LOGIN_CODES) || says(/Login failed|password authentication failed|Access denied for user|invalid username\/password/i)) return 'loginRefused';
  if (has(TIMEOUT_CODES) || says(/timeout expired|timeout exceeded|timed out|connection timeout|request timeout/i)) return 'timeout';
  if (has(UNREACHABLE_CODES) || says(/ECONNREFUSED|could not be established|Could not connect/i)) return 'unreachable';
  return 'other';
}

/** The driver's own words, on one line and short, for the message's detail. */
export function driverMessage(err: unknown): string {
  const first = [...chainOf(err)].find((l) => l.message);
  const message = (first?.message ?? String(err)).replace(/\s+/g, ' ').replace(/\s*\(CONNECTION_ID=[^)]*\)/, '').trim();
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

const STATUS: Record<ConnectFailureReason, number> = { unreachable: 502, timeout: 504, loginRefused: 502, unknownDatabase: 502, other: 502 };
const KEY = {
  unreachable: 'connectUnreachable',
  timeout: 'connectTimeout',
  loginRefused: 'connectLoginRefused',
  unknownDatabase: 'connectUnknownDatabase',
  other: 'connectFailed',
} as const;

/** A failed connection as the answer the client sees: 504 for a timeout, 502 otherwise, with the reason in both languages. */
export class ConnectFailure extends ApiError {
  constructor(
    public readonly reason: ConnectFailureReason,
    config: Pick<SourceConfig, 'host' | 'port' | 'database'>,
    public readonly detail: string,
    timeoutMs: number,
  ) {
    super(STATUS[reason], KEY[reason], { host: config.host, port: config.port, database: config.database, detail, seconds: Math.round(timeoutMs / 1000) });
  }
}

export function connectFailureOf(err: unknown, config: Pick<SourceConfig, 'host' | 'port' | 'database'>, timeoutMs: number): ConnectFailure {
  return new ConnectFailure(classifyConnectError(err), config, driverMessage(err), timeoutMs);
}
