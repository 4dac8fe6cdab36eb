/** Every answer of the API is this envelope. `status` is 200 on success (SPEC.md §7 checks `status 200`), false on failure. */
export interface Envelope<T = unknown> {
  status: 200 | false;
  success: boolean;
  message: string;
  data?: T;
  total?: number;
}

export interface ListAnswer<Row = Record<string, unknown>> extends Envelope<Row[]> {
  data: Row[];
  total: number;
}

/** Message of an expired or missing session (zh-CN), the client redirects to /user on it. */
export const SESSION_EXPIRED_MESSAGE_ZH = '登录已过期，请重新登录';
export const SESSION_EXPIRED_MESSAGE_EN = 'Login has expired, please log in again';
