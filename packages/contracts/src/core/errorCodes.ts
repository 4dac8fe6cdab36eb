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
