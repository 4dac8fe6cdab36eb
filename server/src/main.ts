import { buildApp, createContext } from './app.ts';
import { loadConfig } from './config.ts';
import { openConnection } from './db/connection.ts';
import { migrate } from './db/migrations/index.ts';
import { seed } from './db/seed.ts';

// everything this process creates (database, journals, uploads, exports, secrets) is for its own account only
process.umask(0o077);
const config = loadConfig();
const conn = openConnection(config.databaseUrl, config.dataDir);
await migrate(conn.db, conn.engine);
const seeded = await seed(conn.db, conn.engine, config.adminPassword);
const ctx = createContext(config, conn);
const app = await buildApp(ctx);
if (!config.captcha) app.log.warn('CAPTCHA=off: the login captcha is turned off (for automated tests only)');
if (seeded.generatedAdminPassword) {
  // printed once, on the first start only
  console.log(`\n  First start: account "admin" was created with the password  ${seeded.generatedAdminPassword}\n  Keep it; it is not shown again.\n`);
}

const shutdown = async () => {
  await app.close();
  await conn.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
