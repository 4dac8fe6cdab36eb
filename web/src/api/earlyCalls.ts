/**
 * The API calls of a typed URL, started before the app's code (docs/web-pages.md, "Speed": early calls).
 *
 * A typed URL or a reload of /manage/<page> waited for its calls one wave after the other: the entry's code had to
 * load and run before the account and the menu were asked for, they had to arrive before the page's metadata was,
 * and it before the page's rows. Here the calls a page made the last time it opened are remembered (in this
 * browser, per path), and a small classic script that the HTML loads before anything else (boot/earlyCalls.ts,
 * built by web/build/earlyCalls.ts) starts them all at once, while the app's code is still loading. The API client
 * (api/client.ts) takes the answer of such a call when the app makes the very same call (same URL, same token,
 * same language), once, within the first seconds; otherwise it asks the server as usual. Nothing is cached: every
 * answer is fetched for this load, only earlier. A page opened for the first time in this browser starts the two calls
 * every page makes (the account and the menu) and its table's metadata (firstOpening, from index.html).
 *
 * This module imports only the calls' paths (no schemas, no i18n): the script that runs before the app is built
 * from it.
 */
import { endpoints } from '@qb/contracts/endpoints';

/** localStorage: the calls each path made the last time it was opened by a typed URL. */
export const EARLY_CALLS_KEY = 'qb.earlyCalls';
/** The global the early script leaves its answers in. */
export const EARLY_CALLS_GLOBAL = '__qbEarlyCalls';
/** i18n/index.ts LANGUAGE_KEY (not imported: that module brings i18next); test/early-calls.test.ts checks it. */
export const EARLY_LANGUAGE_KEY = 'qb.lang';
/** the languages of i18n/index.ts, the first the default */
export const EARLY_LANGUAGES = ['zh-CN', 'en-US'] as const;

/** The menu call's order (api/system.ts fetchMenu asks with it). */
export const MENU_QUERY = { sort: 'parentMenu, sortNum', sortType: 'asc, desc' };
/**
 * The calls of every page of the shell (app/queryClient.ts userInfoQuery and menuQuery), as api/client.ts buildUrl
 * writes them; the test checks that the app asks for exactly these.
 */
export const SHELL_CALLS = [endpoints.userInfo.url, `${endpoints.menu.url}?${new URLSearchParams(MENU_QUERY).toString()}`];

/** Calls started this long after the navigation are not part of the page's opening (nor those after a click or key). */
export const RECORD_WINDOW_MS = 4000;
/** An early answer the app has not asked for by then is dropped (a later call asks the server again). */
export const USE_WINDOW_MS = 10_000;
const MAX_URLS = 12;
const MAX_PATHS = 30;
const MAX_URL_LENGTH = 2000;

export interface EarlyCalls {
  token: string;
  lang: string;
  answers: Record<string, Promise<Response>>;
}

interface Stored {
  paths: Record<string, { urls: string[]; scripts?: string[]; at: number }>;
}

const isCallUrl = (url: unknown): url is string => typeof url === 'string' && /^\/api\//.test(url) && url.length <= MAX_URL_LENGTH;
const isScriptPath = (path: unknown): path is string => typeof path === 'string' && /^\/assets\/[\w.-]+\.js$/.test(path);
const MAX_SCRIPTS = 40;

function readStored(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(EARLY_CALLS_KEY) ?? 'null');
    const paths = value && typeof value === 'object' ? (value as { paths?: unknown }).paths : undefined;
    if (paths && typeof paths === 'object') return { paths: paths as Stored['paths'] };
  } catch {
    // unreadable: start again
  }
  return { paths: {} };
}

/** The calls to start for a path: those it made the last time, else the shell's two. Only /manage paths. */
export function earlyCallsFor(path: string): string[] {
  if (!/^\/manage(\/|$)/.test(path)) return [];
  const urls = readStored().paths[path]?.urls;
  const known = Array.isArray(urls) ? urls.filter(isCallUrl).slice(0, MAX_URLS) : [];
  return known.length ? known : SHELL_CALLS;
}

/**
 * The app's code files a path loaded while it opened the last time (the early script preloads them); for a path
 * this browser has not opened, `firstTime` (the chunks every /manage page loads, from index.html).
 */
export function earlyScriptsFor(path: string, firstTime: readonly string[] = []): string[] {
  if (!/^\/manage(\/|$)/.test(path)) return [];
  const scripts = readStored().paths[path]?.scripts;
  const known = Array.isArray(scripts) ? scripts : firstTime;
  return known.filter(isScriptPath).slice(0, MAX_SCRIPTS);
}

/** The language the app will start in (i18n/index.ts storedLanguage). */
export function earlyLanguage(): string {
  try {
    const value = localStorage.getItem(EARLY_LANGUAGE_KEY);
    return (EARLY_LANGUAGES as readonly (string | null)[]).includes(value) ? value! : EARLY_LANGUAGES[0];
  } catch {
    return EARLY_LANGUAGES[0];
  }
}

const early = (): EarlyCalls | undefined => (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL] as EarlyCalls | undefined;

/**
 * The early answer of a GET the app is about to make, if the early script started exactly this one with the same
 * token and language, within the first seconds; each answer is taken once.
 */
export function takeEarlyAnswer(url: string, token: string | null, lang: string): Promise<Response> | undefined {
  const calls = early();
  if (!calls) return undefined;
  if (performance.now() > USE_WINDOW_MS) {
    dropEarlyAnswers();
    return undefined;
  }
  if (calls.token !== token || calls.lang !== lang || !Object.hasOwn(calls.answers, url)) return undefined;
  const answer = calls.answers[url];
  delete calls.answers[url];
  return answer;
}

/**
 * Drops the early answers the app has not taken: after a person's first click or key, and before any call that
 * changes data, an answer fetched when the page loaded may no longer be what the server would say.
 */
export function dropEarlyAnswers(): void {
  delete (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
}

// what this load of the page is recording: the path it was opened at, the calls made so far, its code files at the end
let recording: { path: string; urls: string[]; scripts?: string[] } | undefined;

function save(): void {
  if (!recording) return;
  try {
    const stored = readStored();
    // the code files are known once the page has opened: until then (or if it is left sooner) those of last time stay
    const scripts = recording.scripts ?? stored.paths[recording.path]?.scripts;
    stored.paths[recording.path] = { urls: recording.urls, ...(scripts ? { scripts } : {}), at: Date.now() };
    const paths = Object.entries(stored.paths)
      .sort((a, b) => (b[1]?.at ?? 0) - (a[1]?.at ?? 0))
      .slice(0, MAX_PATHS);
    localStorage.setItem(EARLY_CALLS_KEY, JSON.stringify({ paths: Object.fromEntries(paths) }));
  } catch {
    // no storage: the next load starts the shell's calls only
  }
}

/** Starts recording the opening calls of this load (the API client does, once, when its module loads). */
export function startRecording(path: string): void {
  recording = /^\/manage(\/|$)/.test(path) ? { path, urls: [] } : undefined;
  if (!recording || typeof addEventListener !== 'function') return;
  // what a person does next is not the page's opening
  const stop = () => {
    recording = undefined;
    dropEarlyAnswers();
  };
  addEventListener('pointerdown', stop, { capture: true, once: true });
  addEventListener('keydown', stop, { capture: true, once: true });
  const mine = recording;
  setTimeout(() => recording === mine && endOpening(), RECORD_WINDOW_MS);
}

/**
 * The page has opened (app/idlePreload.ts: the browser is idle after its first render; else the recording window
 * ends): the code files loaded so far are remembered with the calls, and nothing more is recorded. Code loaded
 * when idle (dialogs, editors) is not part of the opening and is not preloaded next time.
 */
export function endOpening(): void {
  if (!recording) return;
  try {
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => e.name !== entry && e.name.startsWith(`${location.origin}/assets/`) && e.name.endsWith('.js'))
      .map((e) => new URL(e.name).pathname)
      .filter((p) => isScriptPath(p) && !p.startsWith('/assets/early-'));
    recording.scripts = [...new Set(scripts)].slice(0, MAX_SCRIPTS);
    save();
  } catch {
    // the calls stay remembered without the code
  }
  recording = undefined;
}

/** A GET that succeeded: remembered for the next typed URL of this path if it was made while the page opened. */
export function noteOpeningCall(url: string, startedAt: number): void {
  if (!recording || startedAt > RECORD_WINDOW_MS || !isCallUrl(url) || recording.urls.includes(url)) return;
  if (recording.urls.length >= MAX_URLS) return;
  recording.urls.push(url);
  save();
}

/** Forgets every path's calls (logging out: the next account may see other pages). */
export function forgetEarlyCalls(): void {
  try {
    localStorage.removeItem(EARLY_CALLS_KEY);
  } catch {
    // nothing stored
  }
}
