import type { FastifyBaseLogger } from 'fastify';
import { buildApp, createContext } from './app.ts';
import { loadConfig } from './config.ts';
import { type Connection, openConnection } from './db/connection.ts';
import { migrate } from './db/migrations/index.ts';
import { seed } from './seed/seed.ts';

// everything this process creates (database, journals, uploads, exports, secrets) is for its own account only
process.umask(0o077);
const config = loadConfig();

let log: Pick<FastifyBaseLogger, 'warn' | 'fatal' | 'info'> | undefined = undefined;
// an error nobody handled leaves the process in a state nobody knows: logged, then exit 1 for the supervisor to restart it.
// Database failures are handled where they arise (every pool and client has its listener, db/connection.ts), not here.
const die = (what: string) => (err: unknown) => {
  if (log) log.fatal({ err }, `${what}: exiting`);
  else console.error(`${what}: exiting`, err);
  process.exit(1);
};
process.on('uncaughtException', die('uncaught exception'));
process.on('unhandledRejection', die('unhandled promise rejection'));

const onIdleError = (err: Error) =>
  log?.warn({ code: (err as { code?: string }).code, message: err.message }, 'a pooled database connection failed; it is replaced when needed');

// migrations and the seed run without the statement timeout: converting a large table may take longer (0006_utf8mb4)
let conn: Connection = openConnection(config.databaseUrl, config.dataDir, { connectTimeoutMs: config.dbConnectTimeoutMs, onIdleError });
let seeded: Awaited<ReturnType<typeof seed>>;
try {
  await migrate(conn.db, conn.engine);
  seeded = await seed(conn.db, conn.engine, config.adminPassword);
} catch (err) {
  console.error(`The database could not be prepared: ${(err as Error).message}`);
  await conn.close().catch(() => undefined);
  process.exit(1);
}
await conn.close();
conn = openConnection(config.databaseUrl, config.dataDir, {
  statementTimeoutMs: config.dbStatementTimeoutMs,
  connectTimeoutMs: config.dbConnectTimeoutMs,
  onIdleError,
});
const ctx = createContext(config, conn);
const app = await buildApp(ctx);
log = app.log;
if (!config.captcha) app.log.warn('CAPTCHA=off: the login captcha is turned off (for automated tests only)');
if (seeded.generatedAdminPassword) {
  // printed once, on the first start only
  console.log(`\n  First start: account "admin" was created with the password  ${seeded.generatedAdminPassword}\n  Keep it; it is not shown again.\n`);
}

/**
 * Graceful stop: no new connections; calls in flight (streamed lists and exports included) finish, each
 * connection closing once its answer is out; after SHUTDOWN_DRAIN_MS the remaining ones are cut. Then the
 * pools close and the process exits 0.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping; calls in flight get up to ${config.shutdownDrainMs} ms`);
  // a kept-alive connection whose answer has finished is idle: closed as soon as it is
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const drainLimit = setTimeout(() => {
    app.log.warn(`drain limit of ${config.shutdownDrainMs} ms reached: closing the connections still open`);
    app.server.closeAllConnections();
  }, config.shutdownDrainMs);
  try {
    await app.close();
    await conn.close();
  } catch (err) {
    app.log.error({ err }, 'stopping failed');
    process.exit(1);
  } finally {
    clearInterval(reaper);
    clearTimeout(drainLimit);
  }
  app.log.info('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
