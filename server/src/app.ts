import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { EndpointName } from '@qb/contracts/schemas';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './appContext.ts';
import { CaptchaStore } from './auth/captcha.ts';
import { LoginThrottle } from './auth/loginThrottle.ts';
import { accessRoutes } from './access/routes.ts';
import { registerGuard } from './auth/routes.ts';
import { SessionStore } from './auth/sessions.ts';
import type { Config } from './config.ts';
import { CrudService } from './crud/service.ts';
import type { Connection } from './db/connection.ts';
import { ApiError, errorAnswer, sendError } from './http/errors.ts';
import { answerError, answerFrameworkError, answerUnparsableRequest, BODY_LIMIT_BYTES, requireHostHeader, routedPathOf } from './http/requestFailures.ts';
import { docsRoutes, registerApiDocs, registerRouteSchemas } from './http/openapi.ts';
import { healthRoutes } from './http/healthRoutes.ts';
import { addSecurityHeaders } from './http/securityHeaders.ts';
import { addJsonCompression } from './http/compression.ts';
import { DataSources } from './datasources/sources.ts';
import { SecretBox } from './datasources/secretBox.ts';
import { TableRegistry } from './schema/registry.ts';
import { RegistrySync } from './schema/sync.ts';
import { createUploadStore } from './uploads/createStore.ts';
import { registerUploadedFiles } from './uploads/routes.ts';
import { uploadsDirOf } from './uploads/store.ts';
import { MAX_UPLOAD_BYTES } from './uploads/storage.ts';
import { UserService } from './users/service.ts';
import { registerRoutes, type Registrations } from './http/route.ts';
import { type FeatureRoutes, foundFeatureRoutes, type FoundRegistrations } from './http/featureRoutes.ts';
import { databaseRateStore } from './http/rateStore.ts';
import { changeBusFor, PgChangeBus } from './db/changes.ts';
import { registerFormRules } from './forms/hooks.ts';
import { registerMemberRules } from './members/hooks.ts';
import { registerPermissionRules } from './access/hooks.ts';
import { parseRowFilter } from './crud/rowScope.ts';
import { registerTableRules } from './tables/hooks.ts';
import { registerUserRules } from './users/hooks.ts';

/** Each folder's registration of the rules of its tables; the permissions' rules of roles and menus before their in-use rules (tables). */
const TABLE_RULES = [registerMemberRules, registerPermissionRules, registerUserRules, registerTableRules, registerFormRules];

const SERVER_VERSION: string = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

export function createContext(config: Config, conn: Connection): AppContext {
  const registry = new TableRegistry();
  const crud = new CrudService(conn.db, conn.engine, registry, config.countCache && { sqlite: conn.sqlite }, conn.readDb);
  const sessions = new SessionStore(conn.db, registry, config.sessionIdleMs, config.sessionMaxMs);
  // what another instance changed reaches this one at once on PostgreSQL (db/changes.ts)
  const changes = changeBusFor(conn.engine, config.databaseUrl);
  sessions.changes = changes;
  const throttle = new LoginThrottle(conn.db, conn.engine);
  const sources = new DataSources({
    local: conn,
    secretBox: SecretBox.load({ secretKey: config.secretKey, dataDir: config.dataDir }),
    dataDir: config.dataDir,
    denyPrivateHosts: config.sourcesDenyPrivate,
  });
  crud.sources = sources;
  const registrySync = new RegistrySync(conn.db, registry);
  changes.subscribe((change) => {
    sessions.applyChange(change);
    if (change.topic === 'registry' || change.topic === 'missed') void registrySync.reload();
  });
  const users = new UserService(crud, sessions, throttle);
  // the rules of single tables, run by every write path in the write's transaction (hooks/tableHooks.ts): each folder
  // registers the rules of the tables it owns (its hooks.ts); the rules of a table run in the order added
  const ruleDeps = { registry, registrySync, changes, sessions, sources, users, crud };
  for (const register of TABLE_RULES) register(crud.hooks, ruleDeps);
  return {
    config,
    conn,
    registry,
    registrySync,
    crud,
    sources,
    sessions,
    changes,
    captchas: new CaptchaStore(conn.db),
    throttle,
    users,
    uploads: createUploadStore(config),
  };
}

/**
 * The handler of every call of the API, each given by the feature that owns it (its routes.ts: the handlers of the
 * calls its contracts record declares). The features' routes are found (server/src/<feature>/routes.ts, its default
 * export: http/featureRoutes.ts), given this context; named here are only those that need more than it. A declared
 * call without its handler fails the type check here ("Property 'x' is missing … in type 'Registrations'"), and the
 * start (registerRoutes).
 */
export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<Registrations> {
  const found: Record<string, unknown> = {};
  for (const feature of await foundFeatureRoutes<AppContext>()) Object.assign(found, feature.routes(ctx));
  return {
    ...healthRoutes(ctx.conn.db),
    ...accessRoutes(ctx, parseRowFilter),
    ...docsRoutes(app),
    ...(found as FoundRegistrations),
  };
}

/** The calls nobody handles: none, or the type check says which and where its handler goes (as well as `Registrations` above). */
type Unhandled = Exclude<
  EndpointName,
  keyof FoundRegistrations | keyof ReturnType<typeof healthRoutes> | keyof ReturnType<typeof accessRoutes> | keyof ReturnType<typeof docsRoutes>
>;
export const everyCallHandled: [Unhandled] extends [never] ? true : `handle ${Unhandled} in a server/src/<feature>/routes.ts (http/featureRoutes.ts)` = true;

/** Every found feature's routes function takes the app's context: one that asks for more fails the type check here. */
export const featuresTakeTheContext: { [K in keyof FeatureRoutes]: (ctx: AppContext) => unknown } = {} as FeatureRoutes;

/** Builds the whole HTTP app on an opened, migrated database (tests build it too, with inject). */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const bodyLimits = { uploadBytes: MAX_UPLOAD_BYTES };
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // the router's own refusals (a bad %-escape, a too-long parameter) and requests Node cannot parse get the envelope too
    frameworkErrors: answerFrameworkError(bodyLimits),
    clientErrorHandler: answerUnparsableRequest,
    http: { requireHostHeader: false },
    // a request that arrives while the server stops gets the envelope below, not Fastify's own body
    return503OnClosing: false,
  });
  // every route, as registered: the guard's tests and the fuzz test walk this list
  const registeredRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registeredRoutes.push({ method, url: r.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  // stopping (SIGTERM): calls in flight finish; a new call on a kept-alive connection is a 503 that closes it
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  // callback hooks, not async ones: each async hook costs every call a promise and a turn of the microtask queue
  app.addHook('onRequest', (req, reply, done) => {
    if (stopping) reply.code(503).header('Connection', 'close').header('Retry-After', '1').send(errorAnswer(req, 'shuttingDown'));
    else done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler(answerError(bodyLimits));
  // zod route schemas from packages/contracts: validation, and the OpenAPI document at /api/openapi.json
  await registerRouteSchemas(app, SERVER_VERSION);

  addSecurityHeaders(app);
  // JSON answers over 1 KB compressed when the browser takes it (http/compression.ts)
  addJsonCompression(app);
  // after the security headers' hook, so that this refusal carries the security headers too
  app.addHook('onRequest', requireHostHeader);
  // the per-client limits of the public calls are counted in the database: one budget across instances (issue 22);
  // SQLite is one process, whose memory is the whole budget (and a write per login would only queue behind the others)
  const sharedLimits = ctx.conn.engine === 'sqlite' ? {} : { store: databaseRateStore(ctx.conn.db, ctx.conn.engine), skipOnError: true };
  await app.register(fastifyRateLimit, { global: false, ...sharedLimits });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  // the operators' tables join the registry before the first call, and follow changes made on other instances
  ctx.registrySync.log = app.log;
  ctx.crud.searchIndexes.log = app.log;
  ctx.crud.searchUpkeep.log = app.log;
  void ctx.crud.searchUpkeep.everyTable();
  await ctx.registrySync.reload();
  ctx.registrySync.start();
  if (ctx.changes instanceof PgChangeBus) ctx.changes.log = app.log;
  await ctx.changes.start();
  app.addHook('onClose', async () => {
    await ctx.changes.stop();
    ctx.registrySync.stop();
    await ctx.crud.searchUpkeep.stop();
    await ctx.sources.closeAll();
  });

  registerGuard(app, ctx);
  registerRoutes(app, await apiRoutes(app, ctx));
  fs.mkdirSync(uploadsDirOf(ctx.config), { recursive: true, mode: 0o700 });
  await registerUploadedFiles(app, ctx);
  await registerApiDocs(app);

  const webDist = ctx.config.webDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const webAssets = path.join(webDist, 'assets') + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: 'index.html',
      // the build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are, no compression per call
      preCompressed: true,
      // files under assets/ are named by their content's hash: a browser keeps them for a year and never asks again
      // (a reload, or a new version, only fetches index.html, which says which files to load)
      setHeaders(reply, filePath) {
        if (filePath.startsWith(webAssets)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // as the router sees it: /%61pi/x is /api/x, and gets the API's 404
    const urlPath = routedPathOf(req.url);
    if (urlPath.startsWith('/api/') || urlPath === '/api') return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
    // a missing built file is a 404, not the app's page: a browser still running an older build that asks for a
    // chunk the new build has not got must see the load fail (the shell offers to load the page again)
    if (urlPath.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (req.method === 'GET' && hasWeb) {
      // client-side routes of the web app fall back to its index.html
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply
      .code(404)
      .type('text/plain')
      .send(hasWeb ? 'Not found' : 'The web app is not built yet: run npm run build.');
  });
  return app;
}
