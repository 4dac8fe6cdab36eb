import { GRANT_ACTIONS } from '@qb/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext.ts';
import { nowText } from '../db/time.ts';
import { badRequest, notFound, ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { parseActions } from './grants.ts';
import { assertAdministrator } from './index.ts';
import { offeredActions, pageDeclaration } from './pages.ts';
import { on } from '../http/route.ts';

/** The administrator's calls of the permission, user and online-session pages (docs/permissions.md). */
export function registerAccessRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.conn.db;

  const liveMenus = () => db.selectFrom('sys_menu').select(['id', 'url']).where('isdelete', '=', 0).orderBy('id').execute();

  on(app, 'menuActions', async (req) => {
    assertAdministrator(req.caller);
    const menus = await liveMenus();
    return ok(menus.map((m) => ({ menuId: Number(m.id), url: String(m.url ?? ''), actions: offeredActions(pageDeclaration(m.url as string, ctx.registry)) })));
  });

  on(app, 'roleGrants', async (req) => {
    assertAdministrator(req.caller);
    const roleId = req.query.roleId;
    const role = await db.selectFrom('sys_role').select('id').where('id', '=', roleId).where('isdelete', '=', 0).executeTakeFirst();
    if (!role) throw notFound('rowNotFound', { flag: 'sys_role', id: roleId });
    const rows = await db.selectFrom('sys_roleMenu').select(['menuId', 'actions']).where('roleId', '=', roleId).orderBy('menuId').execute();
    return ok({ roleId, grants: rows.map((r) => ({ menuId: Number(r.menuId), actions: parseActions(r.actions) })).filter((g) => g.actions.length > 0) });
  });

  on(app, 'saveRoleGrants', async (req) => {
    assertAdministrator(req.caller);
    const { roleId, grants } = req.body;
    const menus = new Map((await liveMenus()).map((m) => [Number(m.id), offeredActions(pageDeclaration(m.url as string, ctx.registry))]));
    const seen = new Set<number>();
    for (const g of grants) {
      const offered = menus.get(g.menuId);
      if (!offered) throw notFound('rowNotFound', { flag: 'sys_menu', id: g.menuId });
      if (seen.has(g.menuId)) throw badRequest('badParam', { name: 'grants', reason: `menu ${g.menuId} given twice` });
      seen.add(g.menuId);
      const extra = g.actions.find((a) => !offered.includes(a));
      if (extra) throw badRequest('badParam', { name: 'grants', reason: `menu ${g.menuId} offers no ${extra}` });
    }
    await ctx.crud.writeTransaction(
      ['sys_roleMenu'],
      async (trx) => {
        const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).where('isdelete', '=', 0).executeTakeFirst();
        if (!role) throw notFound('rowNotFound', { flag: 'sys_role', id: roleId });
        const before = await trx.selectFrom('sys_roleMenu').select(['menuId', 'actions']).where('roleId', '=', roleId).orderBy('menuId').execute();
        await trx.deleteFrom('sys_roleMenu').where('roleId', '=', roleId).execute();
        const rows = grants
          .filter((g) => g.actions.length > 0)
          .map((g) => ({ roleId, menuId: g.menuId, actions: GRANT_ACTIONS.filter((a) => g.actions.includes(a)).join(',') }));
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('sys_roleMenu')
            .values(rows.slice(i, i + 200))
            .execute();
        const text = (list: { menuId: unknown; actions: unknown }[]) => JSON.stringify(list.map((r) => [Number(r.menuId), String(r.actions)]));
        await ctx.crud.auditLog.write(trx, req.caller, [
          { flag: 'sys_role', action: 'grants', rowId: String(roleId), changes: [{ column: 'grants', before: text(before), after: text(rows) }] },
        ]);
      },
      undefined,
      { caller: req.caller },
    );
    ctx.sessions.forgetAll();
    return ok(undefined, {}, translate(req, 'saved'));
  });

  on(app, 'userRoles', async (req) => {
    assertAdministrator(req.caller);
    // live roles only: a link to a role deleted before deletes were checked (tables/inUse.ts) is no role to show or save back
    const rows = await db
      .selectFrom('sys_userRole')
      .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
      .select('sys_userRole.roleId')
      .where('sys_userRole.userId', '=', req.query.id)
      .where('sys_role.isdelete', '=', 0)
      .orderBy('sys_userRole.roleId')
      .execute();
    return ok({ roleIds: rows.map((r) => Number(r.roleId)) });
  });

  on(app, 'saveUserRoles', async (req) => {
    assertAdministrator(req.caller);
    const { id, roleIds } = req.body;
    const wanted = [...new Set(roleIds)];
    await ctx.crud.writeTransaction(
      ['sys_userRole'],
      async (trx) => {
        const user = await trx.selectFrom('sys_user').select('id').where('id', '=', id).where('isdelete', '=', 0).executeTakeFirst();
        if (!user) throw notFound('rowNotFound', { flag: 'sys_user', id });
        if (wanted.length > 0) {
          const roles = await trx.selectFrom('sys_role').select('id').where('id', 'in', wanted).where('isdelete', '=', 0).execute();
          const missing = wanted.find((r) => !roles.some((x) => Number(x.id) === r));
          if (missing !== undefined) throw notFound('rowNotFound', { flag: 'sys_role', id: missing });
        }
        const before = await trx.selectFrom('sys_userRole').select('roleId').where('userId', '=', id).orderBy('roleId').execute();
        await trx.deleteFrom('sys_userRole').where('userId', '=', id).execute();
        if (wanted.length > 0)
          await trx
            .insertInto('sys_userRole')
            .values(wanted.map((roleId) => ({ userId: id, roleId })))
            .execute();
        await ctx.users.assertAnotherAdministrator(trx);
        await ctx.crud.auditLog.write(trx, req.caller, [
          { flag: 'sys_user', action: 'roles', rowId: String(id), changes: [{ column: 'roles', before: before.map((r) => Number(r.roleId)), after: wanted }] },
        ]);
      },
      undefined,
      { caller: req.caller },
    );
    ctx.sessions.forgetUser(id);
    return ok(undefined, {}, translate(req, 'saved'));
  });

  on(app, 'resetPassword', async (req) => {
    assertAdministrator(req.caller);
    const password = await ctx.users.resetPassword(req.body.id, req.caller!);
    return ok({ password }, {}, translate(req, 'saved'));
  });

  on(app, 'sessions', async (req) => {
    assertAdministrator(req.caller);
    const mine = await ctx.sessions.idOf(req.token!);
    const rows = await ctx.sessions.list();
    return ok(
      rows.map((s) => ({
        id: s.id,
        userId: s.userId,
        loginid: s.loginid,
        name: s.name,
        createTime: nowText(new Date(s.createdAt)),
        lastSeen: nowText(new Date(s.lastSeenAt)),
        current: s.id === mine,
      })),
    );
  });

  on(app, 'endSession', async (req) => {
    assertAdministrator(req.caller);
    if (!(await ctx.sessions.revokeId(req.body.id))) throw notFound('rowNotFound', { flag: 'sys_session', id: req.body.id });
    await ctx.crud.auditLog.write(db, req.caller, [{ flag: 'sys_session', action: 'logout', rowId: String(req.body.id) }]);
    return ok(undefined, {}, translate(req, 'saved'));
  });
}
