import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { CaptchaStore } from './auth/captcha.ts';
import { LoginThrottle } from './auth/loginThrottle.ts';
import { registerAuthRoutes, registerGuard } from './auth/routes.ts';
import { SessionStore } from './auth/sessions.ts';
import type { Config } from './config.ts';
import { registerCrudRoutes } from './crud/routes.ts';
import { CrudService } from './crud/service.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import type { Connection } from './db/connection.ts';
import { ApiError, sendError } from './http/errors.ts';
import { translate } from './http/messages.ts';
import { registerImportRoutes } from './import/routes.ts';
import { TableRegistry } from './schema/registry.ts';
import { registerUploadRoutes, uploadsDirOf } from './uploads/routes.ts';
import { MAX_UPLOAD_BYTES } from './uploads/storage.ts';
import { UserService } from './users/service.ts';

export function createContext(config: Config, conn: Connection): AppContext {
  const registry = new TableRegistry();
  const crud = new CrudService(conn.db, conn.engine, registry, config.countCache ? conn.sqlite : undefined, conn.readDb);
  const sessions = new SessionStore(conn.db, config.sessionIdleMs, config.sessionMaxMs);
  return {
    config,
    conn,
    registry,
    crud,
    sessions,
    captchas: new CaptchaStore(conn.db),
    throttle: new LoginThrottle(conn.db),
    users: new UserService(crud, sessions),
  };
}

/** Builds the whole HTTP app on an opened, migrated database (tests build it too, with inject). */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof ApiError) return sendError(req, reply, err);
    if (err.statusCode === 429) return sendError(req, reply, new ApiError(429, 'tooManyRequests'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400)) {
      return sendError(req, reply, new ApiError(400, 'badJson'));
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(req, reply, new ApiError(413, 'uploadTooLarge', { max: `${MAX_UPLOAD_BYTES / 1024 / 1024} MB` }));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status: false, success: false, message: err.message });
    }
    req.log.error(err);
    return reply.code(500).send({ status: false, success: false, message: translate(req, 'internal') });
  });

  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  app.get('/api/health', async () => ({ status: true }));
  registerGuard(app, ctx);
  registerAuthRoutes(app, ctx);
  registerCrudRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  fs.mkdirSync(uploadsDirOf(ctx), { recursive: true });
  await registerUploadRoutes(app, ctx);

  const webDist = ctx.config.webDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: 'index.html' });

  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0]!;
    if (urlPath.startsWith('/api/') || urlPath === '/api') return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
    if (req.method === 'GET' && hasWeb) {
      // client-side routes of the web app fall back to its index.html
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).type('text/plain').send(hasWeb ? 'Not found' : 'The web app is not built yet: run npm run build.');
  });
  return app;
}
