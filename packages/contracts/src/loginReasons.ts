/**
 * Why a login was refused, as the login log (sys_loginLog.reason) stores it: the message key of the refusal. The
 * server writes only these (any other refusal as `other`), and the web labels each in both languages
 * (web/src/pages/system/loginLog.tsx; tests on both sides walk this list).
 */
export const LOGIN_LOG_REASONS = [
  'captchaMissing',
  'captchaWrong',
  'loginLocked',
  'loginWrong',
  'accountDisabled',
  'passwordChangeRequired',
  'tooManyRequests',
  'other',
] as const;

export type LoginLogReason = (typeof LOGIN_LOG_REASONS)[number];

/** The reason stored for a refusal with this message key. */
export function loginLogReason(key: string | undefined): LoginLogReason {
  return (LOGIN_LOG_REASONS as readonly string[]).includes(key ?? '') ? (key as LoginLogReason) : 'other';
}
