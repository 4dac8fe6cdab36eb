import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CrudService } from '../crud/service.ts';
import type { Connection } from '../db/connection.ts';
import { checkBoundSave } from '../boundForms/saves.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { on } from '../http/route.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { HistoryService } from './service.ts';

/** Every row's history, restore and undelete (docs/history.md). */
export function registerHistoryRoutes(fastify: FastifyInstance, ctx: { conn: Connection; crud: CrudService; registry: TableRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new HistoryService(ctx.crud, ctx.registry);

  on(app, 'history', async (req) =>
    ok(await service.history(req.query._flag, req.query.id, req.caller, (err) => ({ code: err.code, message: translate(req, err.key, err.params) }))),
  );

  on(app, 'deletedRows', async (req) => {
    const { rows, total } = await service.deletedRows(req.query, req.caller);
    return ok(rows, { total });
  });

  // a restore and a row inserted again pass the checks of the route that saves (a bound form's rules)
  const checkOf = (req: FastifyRequest) => (flag: string, params: Record<string, unknown>) => checkBoundSave(ctx, req, flag, params);

  on(app, 'restore', async (req) => ok(await service.restore(req.body, req.caller, checkOf(req)), {}, translate(req, 'restored')));

  on(app, 'undelete', async (req) => ok(await service.undelete(req.body, req.caller, checkOf(req)), {}, translate(req, 'undeleted')));
}
