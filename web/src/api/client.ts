import { ERROR_CODES, type Envelope } from '@qb/contracts';
import { endpoints, type EndpointName, type RouteOf } from '@qb/contracts/endpoints';
import type { z } from 'zod';
import i18n, { currentLanguage } from '../i18n/index.ts';
import { dropEarlyAnswers, noteOpeningCall, startRecording, takeEarlyAnswer } from './earlyCalls.ts';
import { clearToken, getToken, setToken } from './token.ts';

/** SPEC.md §7: request timeout 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** SPEC.md §9: session-expiry redirect delay 1.5 s. */
export const SESSION_REDIRECT_DELAY_MS = 1_500;

export type ApiErrorKind = 'http' | 'body' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly body?: Partial<Envelope> & Record<string, unknown>,
    readonly sessionExpired = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** the machine-readable `code` of the server's error answer (BAD_PARAM, SESSION_EXPIRED, …; docs/api.md) */
  get code(): string | undefined {
    return typeof this.body?.code === 'string' ? this.body.code : undefined;
  }
}

/** What the client needs from the app around it; the app wires these at start-up, tests replace them. */
export interface ClientHooks {
  notifyError(text: string): void;
  redirectToLogin(): void;
  /** a call was refused because the account must change its password first (the shell shows that page instead) */
  passwordChangeRequired(): void;
}

/** Errors raised before the app had wired its toasts (a call answered while the first render still waited for code). */
let unshown: string[] = [];

const hooks: ClientHooks = {
  notifyError: (text) => {
    console.error(text);
    if (!unshown.includes(text)) unshown.push(text);
  },
  redirectToLogin: () => window.location.assign('/user'),
  passwordChangeRequired: () => undefined,
};

export function configureClient(next: Partial<ClientHooks>) {
  Object.assign(hooks, next);
  // the first toasts wired show what was said before them (else a session expiry found that early went unsaid)
  if (next.notifyError && unshown.length) {
    const texts = unshown;
    unshown = [];
    texts.forEach((text) => next.notifyError!(text));
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** query-string values; objects (wheres) are sent as JSON, undefined values are left out */
  query?: Record<string, unknown>;
  body?: unknown;
  /** false for calls made before login (captcha, login): no Authorization header, a 401 is not a session expiry */
  auth?: boolean;
  /** true: the caller shows errors itself, no toast */
  silent?: boolean;
  timeoutMs?: number;
}

// 409 (a row in use, a duplicate, a conflict) is not in SPEC.md's table: its message is the server's, said as it is
const HTTP_TABLE = new Set([400, 401, 403, 404, 405, 408, 409, 500, 501, 502, 503, 504]);

/** The text of SPEC.md §8's HTTP table for a failed answer; the server's own message wins when there is one. */
export function httpErrorText(status: number, serverMessage?: string): string {
  if (HTTP_TABLE.has(status)) return serverMessage || i18n.t(`http.${status}`);
  return serverMessage ? i18n.t('http.otherWithMessage', { status, message: serverMessage }) : i18n.t('http.other', { status });
}

/** An answer that says the session is gone, by its code (the message is for people and may be reworded or translated). */
export function isSessionExpiredAnswer(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as Record<string, unknown>).code === ERROR_CODES.sessionExpired;
}

function bodyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['message', 'msg', 'errMsg']) {
    if (typeof b[key] === 'string' && b[key]) return b[key] as string;
  }
  return undefined;
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** Forget the token, say why, and go to the login page after 1.5 s (once, however many calls fail together). */
function expireSession(text: string) {
  clearToken();
  if (redirectTimer) return;
  hooks.notifyError(text);
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    hooks.redirectToLogin();
  }, SESSION_REDIRECT_DELAY_MS);
}

/** For tests: forget a pending session-expiry redirect. */
export function resetClientState() {
  if (redirectTimer) clearTimeout(redirectTimer);
  redirectTimer = undefined;
  unshown = [];
}

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The one place that talks HTTP. Resolves with the envelope when its status is truthy, otherwise shows the error and rejects. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T> & Record<string, unknown>> {
  const answer = await exchange<T>(path, options, false);
  return answer.envelope!;
}

type SchemaPart<K extends EndpointName, P extends string> = RouteOf<K> extends { [Q in P]: infer S } ? (S extends z.ZodType ? S : never) : never;
type QueryOf<K extends EndpointName> = [SchemaPart<K, 'querystring'>] extends [never] ? object : z.input<SchemaPart<K, 'querystring'>>;
type BodyOf<K extends EndpointName> = [SchemaPart<K, 'body'>] extends [never] ? Record<string, never> : z.input<SchemaPart<K, 'body'>>;
/** What a call's body may hold, as its schema says. */
export type CallBody<K extends EndpointName> = BodyOf<K>;

/** The answer of a call, as its schema says (the envelope with its `data`). */
export type AnswerOf<K extends EndpointName> = RouteOf<K>['response'] extends { 200: infer A } ? (A extends z.ZodType ? z.output<A> : never) : never;
/** The `data` of a call's answer. */
export type CallData<K extends EndpointName> = NonNullable<AnswerOf<K> extends { data?: infer D } ? D : never>;

/**
 * What a call takes: the query keys its schema knows (objects such as wheres are sent as JSON), its body, the values
 * of its path's parameters (`:flag`), and the usual options.
 */
export type CallOptions<K extends EndpointName> = Omit<RequestOptions, 'method' | 'query' | 'body'> & {
  query?: { [P in keyof QueryOf<K>]?: unknown };
  body?: BodyOf<K> | FormData;
  params?: Record<string, string>;
};

/** The path of a call with its parameters filled in (`/api/schema/:flag` → `/api/schema/book`). */
function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/**
 * Calls the API by the name of the call, declared once by its `defineRoute` in packages/contracts/src/api: its method
 * and path come from the path list made from the declarations (api/endpoints.ts; the bundle holds the list alone, no
 * zod), the types of what is sent and answered from its schemas. No URL is written in the web app.
 */
export async function call<K extends EndpointName>(name: K, options: CallOptions<K> = {}): Promise<AnswerOf<K>> {
  return (await exchangeCall(name, options, false)).envelope as AnswerOf<K>;
}

/** A call that answers a file (an .xlsx export or template) on success and the JSON envelope on failure. */
export async function callFile<K extends EndpointName>(name: K, options: CallOptions<K> = {}): Promise<DownloadedFile> {
  return (await exchangeCall(name, options, true)).file!;
}

function exchangeCall<K extends EndpointName>(name: K, { params, query, ...rest }: CallOptions<K>, expectFile: boolean) {
  return exchange(pathOf(name, params), { ...rest, query: query as Record<string, unknown> | undefined, method: endpoints[name].method }, expectFile);
}

export interface DownloadedFile {
  blob: Blob;
  /** from Content-Disposition (filename*), when the server names it */
  fileName?: string;
}

/** A call that answers a file (an .xlsx export) on success and the JSON envelope on failure, with the same error handling. */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const answer = await exchange(path, options, true);
  return answer.file!;
}

function fileNameOf(disposition: string | null): string | undefined {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return undefined;
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1];
}

async function exchange<T>(
  path: string,
  options: RequestOptions,
  expectFile: boolean,
): Promise<{ envelope?: Envelope<T> & Record<string, unknown>; file?: DownloadedFile }> {
  const { method = 'GET', query, body, auth = true, silent = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const fail = (error: ApiError): never => {
    if (error.sessionExpired) expireSession(error.message);
    // not an error to show: the shell turns to the password page (calls made before it knew say nothing)
    else if (error.code === ERROR_CODES.passwordChangeRequired) hooks.passwordChangeRequired();
    else if (!silent) hooks.notifyError(error.message);
    throw error;
  };

  // multipart bodies (uploads) go as they are: the browser sets the boundary in Content-Type
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: expectFile ? '*/*' : 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = token;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const url = buildUrl(path, query);
  const startedAt = performance.now();
  // a plain GET the page's opening made last time may have been started before the app's code (api/earlyCalls.ts)
  const plainGet = method === 'GET' && body === undefined && !expectFile && auth;
  // a call that may change data: what was fetched before it is not taken after it
  if (method !== 'GET') dropEarlyAnswers();
  const ask = () =>
    fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  let response: Response;
  try {
    const early = plainGet ? takeEarlyAnswer(url, token, headers['Accept-Language']!) : undefined;
    response = await (early ? early.catch(ask) : ask());
  } catch {
    clearTimeout(timer);
    return controller.signal.aborted ? fail(new ApiError(i18n.t('http.408'), 'timeout')) : fail(new ApiError(i18n.t('http.noResponse'), 'network'));
  }

  const renewed = response.headers.get('authorization');
  if (renewed) setToken(renewed);

  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (expectFile && response.ok && !isJson) {
    try {
      const blob = await response.blob();
      return { file: { blob, fileName: fileNameOf(response.headers.get('content-disposition')) } };
    } catch {
      return fail(new ApiError(i18n.t('http.noResponse'), 'network'));
    } finally {
      clearTimeout(timer);
    }
  }

  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  } finally {
    clearTimeout(timer);
  }
  const envelope = (parsed && typeof parsed === 'object' ? parsed : undefined) as (Envelope<T> & Record<string, unknown>) | undefined;
  const serverMessage = bodyMessage(envelope);

  if (!response.ok) {
    const expired = (auth && response.status === 401) || isSessionExpiredAnswer(envelope);
    const text = expired && serverMessage ? serverMessage : httpErrorText(response.status, serverMessage);
    return fail(new ApiError(text, 'http', response.status, envelope, expired));
  }
  if (!envelope || !envelope.status) {
    const expired = isSessionExpiredAnswer(envelope);
    return fail(new ApiError(serverMessage || i18n.t('http.failed'), 'body', response.status, envelope, expired));
  }
  if (plainGet) noteOpeningCall(url, startedAt);
  return { envelope };
}

// the calls this load makes while the page opens, for the next typed URL of it (api/earlyCalls.ts)
if (typeof location !== 'undefined') startRecording(location.pathname);
