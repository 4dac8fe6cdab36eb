import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for this Node.js: better-sqlite3 13 (Node-API, its own prebuilt binary) where the
 * runtime has Node-API 10 (Node 22.14 and later, so Node 24), better-sqlite3 12 (compiled at install)
 * on Node 20. Node 24 changed node::ObjectWrap, which better-sqlite3 12 derives its statements from: a
 * statement collected by an idle garbage collection, or at a worker's end, aborts the whole process
 * ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook). better-sqlite3 13 does not
 * use ObjectWrap but needs Node-API 10, which Node 20 lacks. Both have the same API. See
 * docs/decisions.md "Node.js 24".
 */
const require = createRequire(import.meta.url);

export const sqliteDriverName = Number(process.versions.napi) >= 10 ? 'better-sqlite3-node-api' : 'better-sqlite3';

/** The driver's file, for a worker thread that opens its own connection (crud/sortedIds.ts). */
export const sqliteDriverPath = require.resolve(sqliteDriverName);

/** Used as `new Database(file)`; types stay imported from 'better-sqlite3' (`import type`), the same for both. */
const Database = require(sqliteDriverPath) as typeof BetterSqlite3;
export default Database;
