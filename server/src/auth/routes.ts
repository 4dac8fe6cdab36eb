import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ApiError, badRequest, ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { isClientHash, verifyClientPassword } from './password.ts';

/** Paths that answer without a session. */
export const PUBLIC_PATHS = new Set(['/api/health', '/api/user/captcha/', '/api/user/login/']);

export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' || token.length > 200 ? undefined : token;
}

/** The request guard: every /api/ call but the public ones needs a live session. */
export function registerGuard(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/') || PUBLIC_PATHS.has(path) || path.startsWith('/api/file/')) return;
    const token = tokenOf(req);
    const caller = token ? await ctx.sessions.resolve(token) : undefined;
    if (!caller) throw new ApiError(401, 'sessionExpired');
    req.caller = caller;
    req.token = token;
  });
}

async function userInfo(ctx: AppContext, userId: number) {
  const [user] = (await ctx.crud.select({ _flag: 'sys_user', wheres: { id: userId } }, { id: userId, loginid: '', name: '', isAdmin: true })).rows;
  const roles = await ctx.conn.db.selectFrom('sys_userRole').select('roleId').where('userId', '=', userId).execute();
  return { ...user, roles: roles.map((r) => Number(r.roleId)) };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/user/captcha/', async () => {
    if (!ctx.config.captcha) return ok({ enabled: false, captchaId: '', image: '' });
    const { captchaId, image } = await ctx.captchas.issue();
    return ok({ enabled: true, captchaId, image });
  });

  app.post(
    '/api/user/login/',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const loginid = typeof body.loginid === 'string' ? body.loginid.trim() : '';
      if (loginid === '' || loginid.length > 50) throw badRequest('badParam', { name: 'loginid', reason: 'required' });
      if (!isClientHash(body.pass)) throw badRequest('badParam', { name: 'pass', reason: 'SHA-256 hex expected' });
      if (ctx.config.captcha) {
        if (typeof body.vcode !== 'string' || body.vcode.trim() === '') throw badRequest('captchaMissing');
        if (!(await ctx.captchas.check(body.captchaId, body.vcode))) throw badRequest('captchaWrong');
      }
      const minutes = await ctx.throttle.lockedMinutes(loginid);
      if (minutes > 0) throw new ApiError(429, 'loginLocked', { minutes });
      const user = await ctx.conn.db
        .selectFrom('sys_user')
        .select(['id', 'pass', 'state'])
        .where('loginid', '=', loginid)
        .where('isdelete', '=', 0)
        .executeTakeFirst();
      if (!user || !(await verifyClientPassword(user.pass, body.pass))) {
        await ctx.throttle.recordFailure(loginid);
        throw badRequest('loginWrong');
      }
      if (Number(user.state) !== 1) throw new ApiError(403, 'accountDisabled');
      await ctx.throttle.clear(loginid);
      const token = await ctx.sessions.create(Number(user.id));
      return { ...ok({ token, user: await userInfo(ctx, Number(user.id)) }, {}, translate(req, 'loginOk')), token };
    },
  );

  app.post('/api/user/logout/', async (req) => {
    await ctx.sessions.revoke(req.token!);
    return ok(undefined, {}, translate(req, 'loggedOut'));
  });

  app.get('/api/user/userInfo/', async (req) => ok([await userInfo(ctx, req.caller!.id)]));

  app.post('/api/user/changePassword/', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    await ctx.users.changePassword(req.caller!, req.token!, body.oldPass, body.newPass);
    return ok(undefined, {}, translate(req, 'passwordChanged'));
  });

  app.get('/api/user/list/', async (req) => {
    const { rows, total } = await ctx.crud.select({ ...(req.query as object), _flag: 'sys_user' }, req.caller);
    return ok(rows, { total });
  });

  app.post('/api/user/save/', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const saved = await ctx.users.save(body.params, req.caller);
    return ok(saved, {}, translate(req, 'saved'));
  });
}
