import type { Caller } from './access/index.ts';
import type { CaptchaStore } from './auth/captcha.ts';
import type { LoginThrottle } from './auth/loginThrottle.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { Connection } from './db/connection.ts';
import type { CrudService } from './crud/service.ts';
import type { TableRegistry } from './schema/registry.ts';
import type { UserService } from './users/service.ts';

/** What the routes are given: the services, built once per app. */
export interface AppContext {
  config: Config;
  conn: Connection;
  registry: TableRegistry;
  crud: CrudService;
  sessions: SessionStore;
  captchas: CaptchaStore;
  throttle: LoginThrottle;
  users: UserService;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    token?: string;
  }
}
