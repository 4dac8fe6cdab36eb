import { forgetEarlyCalls } from './earlyCalls.ts';

/** localStorage key of the session token (sent as the Authorization header). */
export const TOKEN_KEY = 'qb.token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // without storage the session lasts as long as the page; nothing else to do
  }
}

export function clearToken() {
  // the next account may open other pages: their calls are not started early for it
  forgetEarlyCalls();
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // see setToken
  }
}
