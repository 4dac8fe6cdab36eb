import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { badRequest, ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { exportTable } from './export.ts';

function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('badParam', { name: 'body', reason: 'a JSON object is required' });
  return body as Record<string, unknown>;
}

/** The generic table API of SPEC.md §7. */
export function registerCrudRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/select/', async (req) => {
    const { rows, total } = await ctx.crud.select(req.query as Record<string, unknown>, req.caller);
    return ok(rows, { total });
  });

  app.post('/api/action/save/', async (req) => {
    const body = bodyOf(req.body);
    // accounts have their own rules (generated password, unique loginid)
    const saved = body._flag === 'sys_user' ? await ctx.users.save(body.params, req.caller) : await ctx.crud.save(body._flag, body.params, req.caller);
    return ok(saved, {}, translate(req, 'saved'));
  });

  app.post('/api/action/delete/', async (req) => {
    const body = bodyOf(req.body);
    if (body._flag === 'sys_user') {
      const ids = Array.isArray(body.id) ? body.id : String(body.id).split(',');
      if (ids.map(Number).includes(req.caller!.id)) throw badRequest('cannotDeleteSelf');
    }
    const deleted = await ctx.crud.delete(body._flag, body.id, req.caller);
    return ok(deleted, {}, translate(req, 'deleted'));
  });

  app.post('/api/action/masterSlave/', async (req) => {
    const saved = await ctx.crud.masterSlave(bodyOf(req.body), req.caller);
    return ok(saved, {}, translate(req, 'saved'));
  });

  app.get('/api/system/menu/', async (req) => {
    const q = req.query as Record<string, unknown>;
    const { rows, total } = await ctx.crud.select(
      { _flag: 'sys_menu', page: 1, row: 100_000, sort: q.sort ?? 'parentMenu, sortNum', sortType: q.sortType ?? 'asc, asc', wheres: q.wheres },
      req.caller,
    );
    return ok(rows, { total });
  });

  app.get('/api/export/table/', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const content = await exportTable(ctx.crud, q, req.caller);
    const name = typeof q.fileName === 'string' && q.fileName.trim() !== '' ? q.fileName.trim().slice(0, 80) : String(q._flag);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
      .send(content);
  });

  app.get('/api/schema/', async () => ok(ctx.registry.flags().map((flag) => ctx.registry.meta(flag))));
  app.get('/api/schema/:flag', async (req) => ok(ctx.registry.meta((req.params as { flag: string }).flag)));
}
