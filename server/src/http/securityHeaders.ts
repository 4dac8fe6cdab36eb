import type { FastifyHelmetOptions } from '@fastify/helmet';

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

export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  // no upgrade-insecure-requests: it would turn the app's own requests to https on a plain-HTTP intranet install
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  // HSTS belongs to whatever terminates TLS (the reverse proxy); the app itself is often reached over plain HTTP
  strictTransportSecurity: false,
};
