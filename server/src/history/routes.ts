import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CrudService } from '../crud/service.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { on } from '../http/route.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { HistoryService } from './service.ts';

/** Every row's history, restore and undelete (docs/history.md). */
export function registerHistoryRoutes(fastify: FastifyInstance, ctx: { crud: CrudService; registry: TableRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new HistoryService(ctx.crud, ctx.registry);

  on(app, 'history', async (req) =>
    ok(await service.history(req.query._flag, req.query.id, req.caller, (err) => ({ code: err.code, message: translate(req, err.key, err.params) }))),
  );

  on(app, 'deletedRows', async (req) => {
    const { rows, total } = await service.deletedRows(req.query, req.caller);
    return ok(rows, { total });
  });

  on(app, 'restore', async (req) => ok(await service.restore(req.body, req.caller), {}, translate(req, 'restored')));

  on(app, 'undelete', async (req) => ok(await service.undelete(req.body, req.caller), {}, translate(req, 'undeleted')));
}
