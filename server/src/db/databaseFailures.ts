/**
 * What went wrong with a database rather than with a request: the database cannot be reached (down,
 * restarting, refusing, every connection busy past the wait), it is busy (a lock held too long, SQLite's
 * busy timeout), or a statement ran past the statement timeout. Each is an envelope (503 / 504 with a
 * code), never a 500 with a stack trace (docs/deployment.md, "When the database fails").
 */
export type DatabaseFailure = 'unavailable' | 'busy' | 'timeout';

/** Node's socket errors and the drivers' own codes of a lost or refused connection. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_SERVER_GONE_ERROR',
  'ER_SERVER_LOST',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'POOL_ACQUIRE_TIMEOUT',
  'POOL_ENQUEUELIMIT',
  // tedious, oracledb
  'ESOCKET',
  'ECLOSE',
  'ECONNCLOSED',
  'NJS-500',
  'NJS-501',
  'NJS-503',
  'NJS-040',
  'NJS-521',
  // better-sqlite3: the file cannot be opened or read
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);
/** MySQL/MariaDB error numbers of the same, for errors whose name mysql2 does not know. */
const UNAVAILABLE_NUMBERS = new Set([1040, 1053, 1077, 1152, 1158, 1159, 1160, 1161, 1927, 2002, 2003, 2006, 2013, 4031]);
/** Statement timeouts: MariaDB max_statement_time (1969), MySQL max_execution_time (3024). */
const TIMEOUT_CODES = new Set(['ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT', 'ETIMEOUT']);
const TIMEOUT_NUMBERS = new Set([1969, 3024]);
/** Lock waits and deadlocks: the database is there but busy; trying again shortly works. */
const BUSY_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_LOCKED',
  'SQLITE_LOCKED_SHAREDCACHE',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
]);
const BUSY_NUMBERS = new Set([1205, 1213]);
/**
 * Words of the drivers when the connection went away, where no code is given (pg, kysely). A pool this
 * server closed itself ("driver has already been destroyed") is the server's state, not the database's: a 500.
 */
const UNAVAILABLE_WORDS =
  /Connection terminated|connection (?:is )?(?:closed|ended|lost)|Client has encountered a connection error|timeout exceeded when trying to connect|Can't add new command when connection is in closed state|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection|Queue limit reached/i;

function* chainOf(err: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  yield err as Record<string, unknown>;
  yield* chainOf((err as { cause?: unknown }).cause, depth + 1);
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner)) for (const e of inner.slice(0, 4)) yield* chainOf(e, depth + 1);
}

/** Sorts a thrown error; undefined for anything that is not a database failure (a refused value, a bug). */
export function databaseFailureOf(err: unknown): DatabaseFailure | undefined {
  for (const e of chainOf(err)) {
    // an answer the app already chose (http/errors.ts ApiError: its status and message key) is not sorted again
    if (typeof e.httpStatus === 'number' && typeof e.key === 'string') return undefined;
    const code = typeof e.code === 'string' ? e.code : '';
    const num = typeof e.errno === 'number' ? e.errno : typeof e.number === 'number' ? e.number : undefined;
    const message = typeof e.message === 'string' ? e.message : '';
    // PostgreSQL SQLSTATE: 57014 statement timeout (or a cancel), 57P01–57P05 shutdown / crash / cannot connect now, class 08 connection
    if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith('ER')) {
      if (code === '57014') return 'timeout';
      if (/^57P0[1-5]$/.test(code) || code.startsWith('08') || code === '53300') return 'unavailable';
      if (code === '55P03' || code === '40P01' || code === '25P03') return 'busy';
    }
    // a MySQL/MariaDB error by its number: mysql2 names only the codes it knows (MariaDB's 1969 comes without one)
    const mysqlNumber = num !== undefined && (code.startsWith('ER') || typeof e.sqlMessage === 'string' || typeof e.sqlState === 'string') ? num : undefined;
    if (TIMEOUT_CODES.has(code) || (mysqlNumber !== undefined && TIMEOUT_NUMBERS.has(mysqlNumber))) return 'timeout';
    if (BUSY_CODES.has(code) || (mysqlNumber !== undefined && BUSY_NUMBERS.has(mysqlNumber))) return 'busy';
    if (UNAVAILABLE_CODES.has(code) || (mysqlNumber !== undefined && UNAVAILABLE_NUMBERS.has(mysqlNumber))) return 'unavailable';
    if (e.fatal === true && code !== '') return 'unavailable';
    if (UNAVAILABLE_WORDS.test(message)) return 'unavailable';
  }
  return undefined;
}

/** An error of the pool's own wait for a free connection, with a code the sorting above knows. */
export function acquireTimeoutError(ms: number): Error {
  return Object.assign(new Error(`no free database connection within ${ms} ms`), { code: 'POOL_ACQUIRE_TIMEOUT' });
}
