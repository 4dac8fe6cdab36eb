import type { historyApi } from '@qb/contracts/schemas';
import type { FastifyRequest } from 'fastify';
import type { CrudService } from '../crud/service.ts';
import type { Connection } from '../db/connection.ts';
import { checkBoundSave } from '../boundForms/saves.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import type { RoutesOf } from '../http/route.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { HistoryService } from './service.ts';

/** Every row's history, restore and undelete (docs/history.md). */
export function historyRoutes(ctx: { conn: Connection; crud: CrudService; registry: TableRegistry }): RoutesOf<typeof historyApi> {
  const service = new HistoryService(ctx.crud, ctx.registry);
  // a restore and a row inserted again pass the checks of the route that saves (a bound form's rules)
  const checkOf = (req: FastifyRequest) => (flag: string, params: Record<string, unknown>) => checkBoundSave(ctx, req, flag, params);

  return {
    history: async (req) =>
      ok(await service.history(req.query._flag, req.query.id, req.caller, (err) => ({ code: err.code, message: translate(req, err.key, err.params) }))),

    deletedRows: async (req) => {
      const { rows, total } = await service.deletedRows(req.query, req.caller);
      return ok(rows, { total });
    },

    restore: async (req) => ok(await service.restore(req.body, req.caller, checkOf(req)), {}, translate(req, 'restored')),

    undelete: async (req) => ok(await service.undelete(req.body, req.caller, checkOf(req)), {}, translate(req, 'undeleted')),
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default historyRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    history: typeof historyRoutes;
  }
}
