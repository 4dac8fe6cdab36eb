import { api } from '@qb/contracts/schemas';

/**
 * The API routes that answer without a session, by the route pattern the router matched (never by a
 * prefix of the raw URL). Every other /api route is guarded; routes outside /api serve the web app's files.
 */
export const PUBLIC_ROUTES = new Set([
  // the calls declared public (`public: true` in their defineRoute): health, the captcha, the login, the API's description
  ...Object.values(api)
    .filter((route) => 'public' in route && route.public)
    .map((route) => route.path),
  '/api/file/*',
  // the API's reference page (@fastify/swagger-ui's routes): it tells nothing the web client's own code does not
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/*',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
]);
