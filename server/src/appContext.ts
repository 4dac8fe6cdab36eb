import type { Caller } from './access/index.ts';
import type { CaptchaStore } from './auth/captcha.ts';
import type { LoginThrottle } from './auth/loginThrottle.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { ChangeBus } from './db/changes.ts';
import type { Connection } from './db/connection.ts';
import type { CrudService } from './crud/service.ts';
import type { DataSources } from './datasources/sources.ts';
import type { TableRegistry } from './schema/registry.ts';
import type { RegistrySync } from './schema/sync.ts';
import type { UploadStore } from './uploads/store.ts';
import type { UserService } from './users/service.ts';

/** What the routes are given: the services, built once per app. */
export interface AppContext {
  config: Config;
  conn: Connection;
  registry: TableRegistry;
  /** keeps the registry's operator-defined tables in step with the database, across instances */
  registrySync: RegistrySync;
  crud: CrudService;
  /** a connection per data source (10000: the local database) */
  sources: DataSources;
  sessions: SessionStore;
  /** changes told to the other instances at once (PostgreSQL LISTEN/NOTIFY; db/changes.ts) */
  changes: ChangeBus;
  captchas: CaptchaStore;
  throttle: LoginThrottle;
  users: UserService;
  /** where uploads are kept: DATA_DIR/uploads or an S3 bucket (docs/uploads.md) */
  uploads: UploadStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route as registered (method, pattern), in order */
    registeredRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    caller?: Caller;
    token?: string;
  }
}
