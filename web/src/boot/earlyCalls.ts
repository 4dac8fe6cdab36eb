/**
 * The classic script index.html runs before the app's code (web/build/earlyCalls.ts builds it and puts it first in
 * the page's head): on a typed URL of a /manage page with a session, it starts the API calls that page made the
 * last time it opened (else the shell's two and the page's table metadata, as index.html names it), and leaves their
 * answers for the API client (api/earlyCalls.ts); and preloads the code files the page loaded then (else those
 * index.html names for it).
 * Without a session, outside /manage, or without storage it does nothing; a failure here only means the app asks
 * for itself.
 */
import { EARLY_CALLS_GLOBAL, earlyCallsFor, earlyLanguage, earlyScriptsFor, type EarlyCalls } from '../api/earlyCalls.ts';
import { getToken } from '../api/token.ts';

try {
  const token = getToken();
  const urls = token ? earlyCallsFor(location.pathname) : [];
  if (token && urls.length) {
    const lang = earlyLanguage();
    const answers: EarlyCalls['answers'] = {};
    // the headers the API client sends with a GET (api/client.ts exchange)
    const headers = { Accept: 'application/json', 'Accept-Language': lang, Authorization: token };
    for (const url of urls) answers[url] = fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    // an answer nobody takes must not be reported as an unhandled failure
    for (const answer of Object.values(answers)) answer.catch(() => undefined);
    (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = { token, lang, answers } satisfies EarlyCalls;
    // and the page's code, fetched and compiled beside the entry's instead of after it has run (a file the app no
    // longer has is a 404 nobody waits for)
    // (for a path not opened before in this browser, the chunks every /manage page loads: index.html names them)
    const firstTime = (document.currentScript as HTMLScriptElement | null)?.dataset.manage?.split(' ') ?? [];
    for (const href of earlyScriptsFor(location.pathname, firstTime)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
} catch {
  // the app asks for itself
}
