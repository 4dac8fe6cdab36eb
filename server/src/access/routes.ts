import type { accessApi } from '@qb/contracts/schemas';
import type { Connection } from '../db/connection.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { nowText } from '../db/time.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { GrantsService, type GrantsSessions, type GrantsUsers, type GrantsWrites, type RowFilterCheck } from './grantsService.ts';
import { assertAdministrator, type Caller } from './index.ts';
import type { RoutesOf } from '../http/route.ts';

/** The administrator's calls of the permission, user and online-session pages (docs/permissions.md). */
/** What these calls use of the app's services (the app hands its whole context, which has them). */
interface AccessDeps {
  conn: Connection;
  registry: TableRegistry;
  crud: GrantsWrites;
  users: GrantsUsers & { resetPassword(id: number, caller: Caller): Promise<string> };
  sessions: GrantsSessions & {
    idOf(token: string): Promise<number | undefined>;
    list(): Promise<{ id: number; userId: number; loginid: string; name: string; createdAt: number; lastSeenAt: number }[]>;
  };
}

export function accessRoutes(ctx: AccessDeps, parseRowFilter: RowFilterCheck): RoutesOf<typeof accessApi> {
  const grants = new GrantsService({ db: ctx.conn.db, registry: ctx.registry, crud: ctx.crud, parseRowFilter, users: ctx.users, sessions: ctx.sessions });

  return {
    menuActions: async (req) => {
      assertAdministrator(req.caller);
      return ok(await grants.menuActions());
    },

    roleGrants: async (req) => {
      assertAdministrator(req.caller);
      const roleId = req.query.roleId;
      return ok({ roleId, grants: await grants.roleGrants(roleId) });
    },

    saveRoleGrants: async (req) => {
      assertAdministrator(req.caller);
      await grants.saveRoleGrants(req.body.roleId, req.body.grants, req.caller);
      return ok(undefined, {}, translate(req, 'saved'));
    },

    userRoles: async (req) => {
      assertAdministrator(req.caller);
      return ok({ roleIds: await grants.userRoles(req.query.id) });
    },

    saveUserRoles: async (req) => {
      assertAdministrator(req.caller);
      await grants.saveUserRoles(req.body.id, req.body.roleIds, req.caller);
      return ok(undefined, {}, translate(req, 'saved'));
    },

    resetPassword: async (req) => {
      assertAdministrator(req.caller);
      const password = await ctx.users.resetPassword(req.body.id, req.caller!);
      return ok({ password }, {}, translate(req, 'saved'));
    },

    sessions: async (req) => {
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
    },

    endSession: async (req) => {
      assertAdministrator(req.caller);
      await grants.endSession(req.body.id, req.caller);
      return ok(undefined, {}, translate(req, 'saved'));
    },
  };
}
