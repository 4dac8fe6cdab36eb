import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the web app's HTML and the API). Each source is there because
 * the built app needs it; see docs/security.md.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // only the bundled modules of web/dist: no inline script, no eval, no CDN
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd's CSS-in-JS and tiptap insert <style> elements at run time, without a nonce
  'style-src': ["'self'", "'unsafe-inline'"],
  // the login captcha is a data: URI; uploaded images come from /api/file/ on this origin
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const helmetOptions: HelmetOptions = {
  // no upgrade-insecure-requests: it would turn the app's own requests to https on a plain-HTTP intranet install
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  // HSTS belongs to whatever terminates TLS (the reverse proxy); the app itself is often reached over plain HTTP
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, computed once. @fastify/helmet runs `helmet(options)` anew on
 * every request (parsing the CSP each time: about a tenth of a small list call's CPU); the answer never
 * varies here, so it is worked out once and set as it is.
 */
export function securityHeaderValues(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(helmetOptions)({} as never, response as never, () => {});
  return headers;
}

/** Every answer carries the security headers (the app's HTML, its files and the API alike). */
export function addSecurityHeaders(app: FastifyInstance): void {
  const values = securityHeaderValues();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(values);
    done();
  });
}
