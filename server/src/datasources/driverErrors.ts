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
  const message = (first?.message ?? String(err))
    .replace(/\s+/g, ' ')
    .replace(/\s*\(CONNECTION_ID=[^)]*\)/, '')
    .trim();
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

/** What an engine refused in the data a request sent, in the few kinds a client can act on. */
export type DataRefusal = 'invalidValue' | 'outOfRange' | 'tooLong' | 'notNull' | 'duplicate' | 'noReference' | 'referenced' | 'checkFailed';

const KEY_OF_REFUSAL = {
  invalidValue: 'dbInvalidValue',
  outOfRange: 'dbOutOfRange',
  tooLong: 'dbTooLong',
  notNull: 'dbNotNull',
  duplicate: 'dbDuplicate',
  noReference: 'dbNoReference',
  referenced: 'dbReferenced',
  checkFailed: 'dbCheckFailed',
} as const;

/** MySQL/MariaDB error codes (mysql2's `code`) of refused data; MariaDB's check constraint is ER_CONSTRAINT_FAILED (4025). */
const MYSQL_REFUSALS: Record<string, DataRefusal> = {
  ER_TRUNCATED_WRONG_VALUE_FOR_FIELD: 'invalidValue',
  ER_TRUNCATED_WRONG_VALUE: 'invalidValue',
  WARN_DATA_TRUNCATED: 'invalidValue',
  ER_WRONG_VALUE_FOR_TYPE: 'invalidValue',
  ER_INVALID_JSON_TEXT: 'invalidValue',
  ER_INVALID_JSON_TEXT_IN_PARAM: 'invalidValue',
  ER_WRONG_VALUE: 'invalidValue',
  ER_DATETIME_FUNCTION_OVERFLOW: 'outOfRange',
  ER_WARN_DATA_OUT_OF_RANGE: 'outOfRange',
  ER_DATA_OUT_OF_RANGE: 'outOfRange',
  ER_DATA_TOO_LONG: 'tooLong',
  ER_BAD_NULL_ERROR: 'notNull',
  ER_NO_DEFAULT_FOR_FIELD: 'notNull',
  ER_DUP_ENTRY: 'duplicate',
  ER_DUP_ENTRY_WITH_KEY_NAME: 'duplicate',
  ER_NO_REFERENCED_ROW: 'noReference',
  ER_NO_REFERENCED_ROW_2: 'noReference',
  ER_ROW_IS_REFERENCED: 'referenced',
  ER_ROW_IS_REFERENCED_2: 'referenced',
  ER_CHECK_CONSTRAINT_VIOLATED: 'checkFailed',
  ER_CONSTRAINT_FAILED: 'checkFailed',
};
/** The same by number, for a MySQL error whose code name the driver does not know. */
const MYSQL_NUMBERS: Record<number, DataRefusal> = {
  1366: 'invalidValue',
  1292: 'invalidValue',
  1265: 'invalidValue',
  1367: 'invalidValue',
  3140: 'invalidValue',
  // a geometry from a value that is none, and a comparison the types have none of (`geometry = 'x'`)
  1416: 'invalidValue',
  4078: 'invalidValue',
  1264: 'outOfRange',
  1690: 'outOfRange',
  1406: 'tooLong',
  1048: 'notNull',
  1364: 'notNull',
  1062: 'duplicate',
  1216: 'noReference',
  1452: 'noReference',
  1217: 'referenced',
  1451: 'referenced',
  3819: 'checkFailed',
  4025: 'checkFailed',
};
/** PostgreSQL SQLSTATE of class 23 (integrity); class 22 (data exception) is sorted by its code below. */
const PG_INTEGRITY: Record<string, DataRefusal> = {
  '23502': 'notNull',
  '23505': 'duplicate',
  '23503': 'noReference',
  '23514': 'checkFailed',
  '23P01': 'duplicate',
  '23001': 'referenced',
};
const PG_RANGE = new Set(['22003', '22008', '22015', '2201E', '22P01']);
/**
 * A value or filter of a type the engine has no cast or operator for (a read-back column of a type of an extension):
 * 42804 "column … is of type … but expression is of type …", 42883 "operator does not exist: … = …".
 */
const PG_TYPE_REFUSALS = new Set(['42804', '42883']);
/** SQL Server error numbers (tedious' `number`) and Oracle's ORA- numbers. */
const MSSQL_NUMBERS: Record<number, DataRefusal> = {
  245: 'invalidValue',
  8114: 'invalidValue',
  241: 'invalidValue',
  242: 'outOfRange',
  8115: 'outOfRange',
  220: 'outOfRange',
  2627: 'duplicate',
  2601: 'duplicate',
  515: 'notNull',
  547: 'noReference',
  8152: 'tooLong',
  2628: 'tooLong',
};
const ORACLE_NUMBERS: Record<number, DataRefusal> = {
  1722: 'invalidValue',
  1858: 'invalidValue',
  1861: 'invalidValue',
  1843: 'invalidValue',
  1847: 'invalidValue',
  1841: 'invalidValue',
  1840: 'invalidValue',
  1438: 'outOfRange',
  1426: 'outOfRange',
  12899: 'tooLong',
  1401: 'tooLong',
  1: 'duplicate',
  1400: 'notNull',
  1407: 'notNull',
  2291: 'noReference',
  2292: 'referenced',
  2290: 'checkFailed',
};

interface DriverError {
  code: string;
  message: string;
  number?: number;
  column?: string;
  detail?: string;
  constraint?: string;
}

function* driverErrors(err: unknown, depth = 0): Generator<DriverError> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  const e = err as Record<string, unknown>;
  const num = [e.errorNum, e.number, e.errno].find((n): n is number => typeof n === 'number');
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  yield {
    code: text(e.code) ?? '',
    message: text(e.sqlMessage) ?? text(e.message) ?? '',
    number: num,
    column: text(e.column),
    detail: text(e.detail),
    constraint: text(e.constraint),
  };
  yield* driverErrors(e.cause, depth + 1);
}

function refusalOf(e: DriverError): DataRefusal | undefined {
  if (PG_TYPE_REFUSALS.has(e.code)) return 'invalidValue';
  if (/^[0-9A-Z]{5}$/.test(e.code) && /^2[23]/.test(e.code) && !e.code.startsWith('ER')) {
    // 23503 is both a missing parent (insert, update) and a parent still referenced (delete)
    if (e.code === '23503' && /still referenced|update or delete on/i.test(`${e.message} ${e.detail ?? ''}`)) return 'referenced';
    if (e.code.startsWith('23')) return PG_INTEGRITY[e.code] ?? 'checkFailed';
    if (e.code === '22001') return 'tooLong';
    if (e.code === '22004') return 'notNull';
    return PG_RANGE.has(e.code) ? 'outOfRange' : 'invalidValue';
  }
  if (e.code.startsWith('ER_') || e.code.startsWith('WARN_')) return MYSQL_REFUSALS[e.code] ?? (e.number !== undefined ? MYSQL_NUMBERS[e.number] : undefined);
  if (e.code.startsWith('ORA-')) return ORACLE_NUMBERS[Number(e.code.slice(4))];
  if (e.code === 'EREQUEST' && e.number !== undefined) return MSSQL_NUMBERS[e.number];
  if (e.code.startsWith('SQLITE_CONSTRAINT')) {
    if (e.code === 'SQLITE_CONSTRAINT_NOTNULL') return 'notNull';
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'duplicate';
    if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'noReference';
    if (e.code === 'SQLITE_CONSTRAINT_CHECK') return 'checkFailed';
    return undefined;
  }
  if (e.code === 'SQLITE_MISMATCH' || e.code === 'SQLITE_TOOBIG') return e.code === 'SQLITE_TOOBIG' ? 'tooLong' : 'invalidValue';
  return undefined;
}

/** Column names the engine's words name: quoted names after "column", "Key (…)", "FOREIGN KEY (…)", "t.col" of SQLite, a constraint. */
function namedInMessage(e: DriverError): string[] {
  const names: string[] = [];
  if (e.column) names.push(e.column);
  const texts = [e.message, e.detail ?? ''];
  for (const t of texts) {
    for (const m of t.matchAll(/column\s+[`'"]?(?:[\w$]+[`'"]?\.[`'"]?)*([\w$]+)[`'"]?/gi)) names.push(m[1]!);
    for (const m of t.matchAll(/(?:^|\s|FOREIGN )KEY \(([^)]+)\)/gi)) names.push(...m[1]!.split(',').map((s) => s.replace(/[`"'\s]|::.*$/g, '')));
    for (const m of t.matchAll(/(?:constraint failed|CONSTRAINT)[:\s]+[`'"]?(?:[\w$]+\.)*([\w$]+)[`'"]?/g)) names.push(m[1]!);
    for (const m of t.matchAll(/for key '(?:[\w$]+\.)?([\w$]+)'/gi)) names.push(m[1]!);
    for (const m of t.matchAll(/\("?[\w$]+"?\."?[\w$]+"?\."?([\w$]+)"?\)/g)) names.push(m[1]!);
  }
  if (e.constraint) names.push(e.constraint.replace(/^[\w$]+?_([\w$]+?)_(key|fkey|check|not_null)$/, '$1'), e.constraint);
  return names;
}

/** Values quoted in the engine's words ('abc', "abc", (abc) of a key), to find which column of a request carried them. */
function quotedValues(e: DriverError): string[] {
  const found: string[] = [];
  for (const t of [e.message, e.detail ?? '']) {
    for (const m of t.matchAll(/(?:value|entry|literal|:)\s*(?:"([^"]*)"|'([^']*)')/gi)) found.push(m[1] ?? m[2] ?? '');
    for (const m of t.matchAll(/value "([^"]*)"/g)) found.push(m[1]!);
    for (const m of t.matchAll(/\)=\(([^)]*)\)/g)) found.push(m[1]!);
  }
  return found;
}

/** The type the engine names in its words ("for type uuid", "out of range for type smallint", "Incorrect integer value", "enum mood"). */
function typeNamed(e: DriverError): string | undefined {
  // "value "2147483648" is out of range for type integer": the type after "for type", never the word before "out of range" ("is")
  const forType = /for type ([\w ]+?)(?::|$| out)/i.exec(e.message);
  if (forType) return forType[1]!.trim();
  const m = /\b(?!is\b)(\w+) out of range|Incorrect (\w+) value|enum ([\w$]+)/i.exec(e.message);
  return m ? (m[1] ?? m[2] ?? (m[3] ? `enum ${m[3]}` : undefined))?.trim() : undefined;
}

/** Whether a value sent could be of the type an engine named (only the types whose text is easy to tell). */
function plausibleAs(type: string, value: unknown): boolean {
  const text = String(value);
  if (type.startsWith('json')) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }
  if (type === 'uuid') return /^\{?[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}\}?$/i.test(text);
  if (/int|serial/.test(type)) return /^\s*[-+]?\d+\s*$/.test(text);
  if (/numeric|decimal|real|double|float|money/.test(type)) return Number.isFinite(Number(text));
  if (/bool/.test(type)) return /^(t|f|true|false|y|n|yes|no|on|off|0|1)$/i.test(text.trim());
  return true;
}

/** What a statement was built from: the table's columns and the values the request sent for them. */
export interface DataContext {
  /** the table's column names (a name the engine gives is answered only when it is one of these) */
  columns: string[];
  /** column name and value, as the request sent them (saved values, filter values, deleted keys) */
  touched: [string, unknown][];
  /** a column's engine type (read-back tables), for "for type uuid" without a column name */
  nativeOf?: (column: string) => string | undefined;
}

/**
 * An engine's refusal of the data a request sent (PostgreSQL SQLSTATE classes 22 and 23, MySQL/MariaDB's
 * data and integrity errors, SQL Server's and Oracle's numbers, SQLite's constraints) as a 400 naming the column,
 * or undefined for any other error (a fault of the server stays a 500). The column is the one the engine names,
 * else the one whose sent value the engine quotes, else the one whose engine type it names, else the columns sent.
 */
export function dataFailureOf(err: unknown, context: DataContext): ApiError | undefined {
  const links = [...driverErrors(err)];
  let refusal: DataRefusal | undefined;
  let link: DriverError | undefined;
  for (const l of links) {
    refusal = refusalOf(l);
    if (refusal) {
      link = l;
      break;
    }
  }
  if (!refusal || !link) return undefined;
  const byLower = new Map(context.columns.map((c) => [c.toLowerCase(), c]));
  let column = namedInMessage(link)
    .map((n) => byLower.get(n.toLowerCase()))
    .find((c) => c !== undefined);
  const type = typeNamed(link);
  if (!column) {
    const quoted = new Set(quotedValues(link));
    column = context.touched.find(([, v]) => v !== null && v !== undefined && quoted.has(String(v)))?.[0];
  }
  if (!column && type && context.nativeOf) {
    const t = type.toLowerCase();
    const ofType = context.touched.filter(([c, v]) => {
      const native = context.nativeOf!(c)?.toLowerCase();
      return (
        v !== null &&
        v !== undefined &&
        native !== undefined &&
        (native === t || native.startsWith(t) || t.startsWith(native) || (t.startsWith('enum') && native === 'enum'))
      );
    });
    // several columns of that type were sent (json and jsonb): the one whose value is not of it
    column = (ofType.find(([, v]) => !plausibleAs(t, v)) ?? ofType[0])?.[0];
  }
  if (!column) {
    const sent = [...new Set(context.touched.map(([c]) => c))];
    column = sent.length === 1 ? sent[0] : sent.slice(0, 5).join(', ') || '?';
  }
  const native = context.nativeOf?.(column);
  return new ApiError(400, KEY_OF_REFUSAL[refusal], { column, type: (type ?? native ?? 'SQL').slice(0, 60) });
}
