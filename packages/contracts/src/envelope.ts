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
 * The message of the answer to a call without a live session, for people (clients detect it by its code,
 * `ERROR_CODES.sessionExpired`, never by this text).
 */
export const SESSION_EXPIRED_MESSAGE_ZH = '登录已过期，请重新登录';
export const SESSION_EXPIRED_MESSAGE_EN = 'Login has expired, please log in again';
