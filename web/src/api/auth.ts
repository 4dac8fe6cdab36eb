import type { CaptchaAnswer, LoginRequest, UserInfo } from '@qb/contracts';
import { sha256 } from 'js-sha256';
import { call } from './client.ts';

/** Lowercase hex SHA-256 of what the person typed; js-sha256 works on plain http too, unlike crypto.subtle. */
export function hashPassword(typed: string): string {
  return sha256(typed);
}

export async function fetchCaptcha(): Promise<CaptchaAnswer> {
  const answer = await call('captcha', { auth: false, silent: true });
  const data = answer.data;
  if (!data || typeof data !== 'object') throw new Error('captcha answer without data');
  return { enabled: data.enabled !== false, captchaId: String(data.captchaId ?? ''), image: String(data.image ?? '') };
}

export interface LoginResult {
  token: string;
  user?: UserInfo;
  message: string;
}

/** POST /api/user/login/. `password` is the typed text; only its hash leaves the browser. */
export async function login(input: { loginid: string; password: string; vcode?: string; captchaId?: string }): Promise<LoginResult> {
  const body: LoginRequest = { loginid: input.loginid, pass: hashPassword(input.password) };
  if (input.vcode !== undefined) body.vcode = input.vcode;
  if (input.captchaId !== undefined) body.captchaId = input.captchaId;
  const answer = await call('login', { body, auth: false });
  const token = (typeof answer.token === 'string' && answer.token) || answer.data?.token;
  if (!token) throw new Error('login answer without token');
  return { token, user: answer.data?.user, message: answer.message };
}

export async function logout(): Promise<void> {
  await call('logout', { body: {}, silent: true });
}

export async function fetchUserInfo(): Promise<UserInfo | undefined> {
  const answer = await call('userInfo');
  return Array.isArray(answer.data) ? answer.data[0] : undefined;
}

/** Both passwords are sent hashed. The server ends the account's other sessions; this one stays valid. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  const answer = await call('changePassword', {
    body: { oldPass: hashPassword(oldPassword), newPass: hashPassword(newPassword) },
  });
  return answer.message;
}
