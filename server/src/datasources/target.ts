import { DEFAULT_PORT, ENGINE_OF_SQL_TYPE } from './engines.ts';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The columns that say where a password is sent: the engine, host, port, database and user. */
export interface SourceTarget {
  sqlType: unknown;
  mainAddr: unknown;
  port?: unknown;
  databaseName: unknown;
  databaseUser: unknown;
}

/**
 * Whether two settings send a password to the same place. A stored password is only ever used for the target it
 * was saved for: moving a source (or testing it against another host) needs the password typed again, else an
 * operator could send the stored password to a host of theirs (docs/security.md).
 */
export function sameTarget(a: SourceTarget, b: SourceTarget): boolean {
  const text = (v: unknown) => (blank(v) ? '' : String(v).trim().toLowerCase());
  // an empty port is the engine's usual one (as when connecting)
  const port = (t: SourceTarget) => {
    if (!blank(t.port)) return Number(t.port);
    const engine = ENGINE_OF_SQL_TYPE[Number(t.sqlType)];
    return engine && engine !== 'sqlite' ? DEFAULT_PORT[engine] : 0;
  };
  // database names (and SQLite paths) are compared as written: another database on the server is another target
  const database = (t: SourceTarget) => (blank(t.databaseName) ? '' : String(t.databaseName).trim());
  return (
    Number(a.sqlType) === Number(b.sqlType) &&
    text(a.mainAddr) === text(b.mainAddr) &&
    port(a) === port(b) &&
    database(a) === database(b) &&
    text(a.databaseUser) === text(b.databaseUser)
  );
}
