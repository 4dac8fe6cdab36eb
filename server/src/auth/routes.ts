import { GRANT_ACTIONS } from '@qb/contracts/schemas';
import type { UserInfo } from '@qb/contracts';
import type { authApi } from '@qb/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CrudService } from '../crud/service.ts';
import type { Connection } from '../db/connection.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { CaptchaStore } from './captcha.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import type { SessionStore } from './sessions.ts';

/** What the session guard and the account calls use (the app hands its context, which has all of it). */
interface AuthDeps {
  config: { captcha: boolean };
  conn: Connection;
  registry: TableRegistry;
  crud: CrudService;
  sessions: SessionStore;
  captchas: CaptchaStore;
  throttle: LoginThrottle;
  /** the account calls of users/service.ts */
  users: {
    changePassword(caller: Caller, token: string, oldPass: unknown, newPass: unknown): Promise<void>;
    save(params: unknown, caller: Caller | undefined): Promise<{ id: number; created: boolean; password?: string }>;
  };
}
import { loadAccess } from '../access/grants.ts';
import { SYSTEM, type Caller } from '../access/index.ts';
import { logLogin } from '../audit/log.ts';
import { ApiError, badRequest, ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { accountRoles, loginAccount } from './accounts.ts';
import { CAPTCHAS_PER_MINUTE } from './captcha.ts';
import { verifyClientPassword } from './password.ts';
import type { RoutesOf } from '../http/route.ts';
import { PUBLIC_ROUTES } from '../http/publicRoutes.ts';

export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' || token.length > 200 ? undefined : token;
}

/** What a session whose password must be changed may call (docs/security.md, round 3): read itself, change it, leave. */
export const PASSWORD_CHANGE_ROUTES = new Set(['/api/user/userInfo/', '/api/user/changePassword/', '/api/user/logout/']);

/** The request guard: every /api/ call but the public ones needs a live session. */
export function registerGuard(app: FastifyInstance, ctx: Pick<AuthDeps, 'sessions'>) {
  app.addHook('onRequest', async (req) => {
    // absolute-form (`GET http://host/api/...`) and asterisk-form targets: this server only takes origin-form
    if (!req.url.startsWith('/')) throw badRequest('badRequestTarget');
    const route = req.routeOptions.url;
    // no route matched: the not-found handler answers 404 and reads nothing
    if (route === undefined) return;
    if (!(route === '/api' || route.startsWith('/api/')) || PUBLIC_ROUTES.has(route)) return;
    const token = tokenOf(req);
    const caller = token ? await ctx.sessions.resolve(token) : undefined;
    if (!caller) throw new ApiError(401, 'sessionExpired');
    if (caller.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(route)) throw new ApiError(403, 'passwordChangeRequired');
    req.caller = caller;
    req.token = token;
  });
}

async function userInfo(ctx: Pick<AuthDeps, 'crud' | 'conn' | 'registry'>, userId: number): Promise<UserInfo> {
  const [user] = (await ctx.crud.select({ _flag: 'sys_user', wheres: { id: userId } }, SYSTEM)).rows;
  const { roles, roleNames } = await accountRoles(ctx.conn.db, userId);
  // the registry's sys_user columns (never the hash), as the UserInfo schema lists them
  const access = await loadAccess(ctx.conn.db, ctx.registry, userId);
  return {
    ...(user as Omit<UserInfo, 'roles' | 'roleNames' | 'isAdmin' | 'grants' | 'menuIds'>),
    roles,
    roleNames,
    isAdmin: access.isAdmin,
    grants: Object.fromEntries([...access.grants].map(([flag, actions]) => [flag, GRANT_ACTIONS.filter((a) => actions.has(a))])),
    menuIds: [...access.menuIds].sort((x, y) => x - y),
    // a column of the row read above (readOnly, never written by a client)
    mustChangePassword: Number((user as { mustChangePassword?: unknown } | undefined)?.mustChangePassword ?? 0) === 1,
  };
}

export function authRoutes(ctx: AuthDeps): RoutesOf<typeof authApi> {
  // with CAPTCHA=off nothing is drawn or stored, so nothing is limited
  const captchaLimit = { max: CAPTCHAS_PER_MINUTE, timeWindow: '1 minute', allowList: () => !ctx.config.captcha };
  return {
    captcha: {
      config: { rateLimit: captchaLimit },
      handler: async () => {
        if (!ctx.config.captcha) return ok({ enabled: false, captchaId: '', image: '' });
        const issued = await ctx.captchas.issue();
        if (!issued) throw new ApiError(429, 'tooManyRequests');
        return ok({ enabled: true, captchaId: issued.captchaId, image: issued.image });
      },
    },

    login: {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      handler: async (req) => {
        // the schema took the shapes: loginid 1 to 50 characters once trimmed, pass a SHA-256 hex
        const body = req.body;
        const loginid = body.loginid;
        const log = (success: boolean, reason?: string, userId?: number) =>
          logLogin(ctx.conn.db, { loginid, userId, success, reason, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }).catch((err) =>
            req.log.error({ err }, 'writing the login log failed'),
          );
        try {
          if (ctx.config.captcha) {
            if (typeof body.vcode !== 'string' || body.vcode.trim() === '') throw badRequest('captchaMissing');
            if (!(await ctx.captchas.check(body.captchaId, body.vcode))) throw badRequest('captchaWrong');
          }
          const minutes = await ctx.throttle.reserveCheck(loginid);
          if (minutes > 0) throw new ApiError(429, 'loginLocked', { minutes });
          const user = await loginAccount(ctx.conn.db, loginid);
          if (!(await verifyClientPassword(user?.pass, body.pass)) || !user) throw badRequest('loginWrong');
          if (Number(user.state) !== 1) throw new ApiError(403, 'accountDisabled');
          await ctx.throttle.clear(loginid);
          const token = await ctx.sessions.create(Number(user.id));
          await log(true, undefined, Number(user.id));
          return { ...ok({ token, user: await userInfo(ctx, Number(user.id)) }, {}, translate(req, 'loginOk')), token };
        } catch (err) {
          // every refusal is logged with its reason (the message key: captchaWrong, loginWrong, loginLocked, accountDisabled)
          if (err instanceof ApiError) await log(false, err.key);
          throw err;
        }
      },
    },

    logout: async (req) => {
      await ctx.sessions.revoke(req.token!);
      return ok(undefined, {}, translate(req, 'loggedOut'));
    },

    userInfo: async (req) => ok([await userInfo(ctx, req.caller!.id)]),

    changePassword: async (req) => {
      await ctx.users.changePassword(req.caller!, req.token!, req.body.oldPass, req.body.newPass);
      return ok(undefined, {}, translate(req, 'passwordChanged'));
    },

    userList: async (req) => {
      const { rows, total } = await ctx.crud.select({ ...req.query, _flag: 'sys_user' }, req.caller);
      return ok(rows, { total });
    },

    userSave: async (req) => {
      const saved = await ctx.users.save(req.body.params, req.caller);
      return ok(saved, {}, translate(req, 'saved'));
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default authRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    auth: typeof authRoutes;
  }
}
