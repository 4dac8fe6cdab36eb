/** Every answer of the API is this envelope. `status` is 200 on success (SPEC.md §7 checks `status 200`), false on failure. */
export interface Envelope<T = unknown> {
  status: 200 | false;
  success: boolean;
  message: string;
  data?: T;
  total?: number;
  /** on a failure: the machine-readable code (SESSION_EXPIRED, BAD_PARAM, …; docs/api.md "Error codes") */
  code?: string;
}

export interface ListAnswer<Row = Record<string, unknown>> extends Envelope<Row[]> {
  data: Row[];
  total: number;
}

/**
 * The `code` of the error answers that clients act on or that the API's description names, by the server's message
 * key (server/src/http/messages.ts). A code is its key in UPPER_SNAKE unless listed here otherwise (docs/api.md
 * "Error codes"); the server answers these keys with these codes, and its type check fails on a key here it no
 * longer has. Clients compare with these constants, never with a literal: a renamed code fails their type check.
 */
export const ERROR_CODES = {
  /** a call without a live session: the client forgets its token and goes to /user */
  sessionExpired: 'SESSION_EXPIRED',
  /** the refusal of every call but userInfo, changePassword and logout while the account must change its password (403) */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  forbidden: 'FORBIDDEN',
  /** no such API path */
  notFoundRoute: 'NOT_FOUND',
  badParam: 'BAD_PARAM',
  /** no such table (or one the caller may not see) */
  unknownFlag: 'UNKNOWN_FLAG',
  /** a save or delete carried an older row version: nothing was written, `data` is the current row (409) */
  rowConflict: 'CONFLICT',
  loginLocked: 'LOGIN_LOCKED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The message of that answer, for people (clients detect the expiry by its code, never by this text). */
export const SESSION_EXPIRED_MESSAGE_ZH = '登录已过期，请重新登录';
export const SESSION_EXPIRED_MESSAGE_EN = 'Login has expired, please log in again';
