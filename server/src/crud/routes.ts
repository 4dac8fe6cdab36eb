import type { MenuRow } from '@qb/contracts';
import type { crudApi } from '@qb/contracts/schemas';
import type { Connection } from '../db/connection.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { CrudService } from './service.ts';
import { allowedTable, maySee, SYSTEM, type Caller } from '../access/index.ts';
import { limitedTable } from '../access/fieldRules.ts';
import { ApiError, ok, rawPayload } from '../http/errors.ts';
import { prefersEnglish, translate } from '../http/messages.ts';
import { exportTable } from '../exports/tableExport.ts';
import { menuLayout } from '../menus/layout.ts';
import { boundFormOf } from '../boundForms/binding.ts';
import { checkBoundSave } from '../boundForms/saves.ts';
import { answerStream, pageAnswerPieces } from './stream.ts';
import type { RoutesOf } from '../http/route.ts';

/**
 * The generic table API of SPEC.md §7. The route schemas (packages/contracts/src/api/crud.ts) check that a
 * body is an object; the service checks every value, with the message that names it.
 */
/** The writes of a table that belongs to a service of its own (its registry entry's `writtenBy`): the accounts. */
interface OwnedWrites {
  save(params: unknown, caller: Caller | undefined): Promise<{ id: number; created: boolean; password?: string }>;
  delete(rawId: unknown, caller: Caller | undefined): Promise<{ ids: number[] }>;
}

export function crudRoutes(ctx: { conn: Connection; registry: TableRegistry; crud: CrudService; users: OwnedWrites }): RoutesOf<typeof crudApi> {
  // the services that own a table's writes, by the name a table declares in `writtenBy` (schema/builtin.ts); a table
  // owned by a service with no save here (the audit logs, the DDL history) is refused by the generic save
  const owners: Record<string, OwnedWrites> = { users: ctx.users };
  const ownerOf = (flag: string) => {
    const writtenBy = ctx.registry.has(flag) ? ctx.registry.get(flag).writtenBy : undefined;
    return writtenBy && Object.hasOwn(owners, writtenBy) ? owners[writtenBy] : undefined;
  };
  return {
    select: async (req, reply) => {
      const plan = ctx.crud.planSelect(req.query, req.caller);
      const total = await ctx.crud.countRows(plan);
      const expected = Math.min(plan.row, Math.max(0, total - (plan.page - 1) * plan.row));
      if (expected <= ctx.crud.streaming.above) return ok(await ctx.crud.readPage(plan), { total });
      // a large page (up to 100,000 rows) is read in chunks and written as they come, so it neither holds
      // the event loop nor the whole answer in memory
      return reply
        .type('application/json; charset=utf-8')
        .send(rawPayload(answerStream(pageAnswerPieces(ctx.crud.selectChunks(plan), total), req.log, 'a list answer')));
    },

    save: async (req) => {
      const body = req.body;
      // a table whose writes belong to a service (`writtenBy`: accounts have a generated password, a unique loginid)
      const owner = ownerOf(body._flag);
      if (owner) return ok(await owner.save(body.params, req.caller), {}, translate(req, 'saved'));
      // a table bound to a form is checked with the form's rules before anything is written (boundForms/saves.ts)
      const saved = await ctx.crud.save(body._flag, await checkBoundSave(ctx, req, body._flag, body.params), req.caller);
      return ok(saved, {}, translate(req, 'saved'));
    },

    delete: async (req) => {
      const body = req.body;
      // accounts have their own rules (never oneself, never the last administrator, sessions ended)
      const owner = ownerOf(body._flag);
      const deleted = owner ? await owner.delete(body.id, req.caller) : await ctx.crud.delete(body._flag, body.id, req.caller, body._version);
      return ok(deleted, {}, translate(req, 'deleted'));
    },

    masterSlave: async (req) => {
      const mainData = await checkBoundSave(ctx, req, req.body._flag, req.body.mainData);
      const saved = await ctx.crud.masterSlave({ ...req.body, mainData }, req.caller);
      return ok(saved, {}, translate(req, 'saved'));
    },

    menu: async (req) => {
      const q = req.query;
      const caller = req.caller!;
      // the navigation of whoever asks: read as the system, answered only with the menus the caller may open
      const read = await ctx.crud.select(
        { _flag: 'sys_menu', page: 1, row: 100_000, sort: q.sort ?? 'parentMenu, sortNum', sortType: q.sortType ?? 'asc', wheres: q.wheres },
        SYSTEM,
      );
      // the home page is everyone's landing page: listed for all (its figures still need its grant)
      const rows = caller.isAdmin ? read.rows : read.rows.filter((r) => caller.menuIds.has(Number(r.id)) || r.url === '/manage/home');
      const total = caller.isAdmin ? read.total : rows.length;
      // the registry's sys_menu columns, as the schema lists them
      return ok(rows as MenuRow[], { total });
    },

    menuLayout: async (req) => {
      const caller = req.caller!;
      const menuId = req.query.menuId;
      // presentation of a page the caller may open: its own grant suffices (the layout records of other menus stay hidden)
      if (!caller.isAdmin && !caller.menuIds.has(menuId)) throw new ApiError(403, 'forbidden');
      return ok(await menuLayout(ctx.conn.db, menuId));
    },

    exportTable: async (req, reply) => {
      const q = req.query;
      const file = await exportTable(ctx.crud, q, req.caller, prefersEnglish(req) ? 'en' : 'zh');
      const name = typeof q.fileName === 'string' && q.fileName.trim() !== '' ? q.fileName.trim().slice(0, 80) : String(q._flag);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="export.${file.format}"; filename*=UTF-8''${encodeURIComponent(name)}.${file.format}`)
        .send(rawPayload(answerStream(file.pieces, req.log, 'a table export')));
    },

    // the tables the caller may see, and nothing of the others
    schemaList: async (req) =>
      ok(
        ctx.registry
          .flags()
          .filter((flag) => maySee(req.caller, flag))
          .map((flag) => ctx.registry.metaOf(limitedTable(req.caller, ctx.registry.get(flag)))),
      ),
    schema: async (req) => {
      // as the caller sees it: columns it may not read are absent, those it may not write are the server's (field limits)
      const meta = ctx.registry.metaOf(allowedTable(ctx.registry, req.caller, req.params.flag, 'view'));
      // a form definition bound to the table is its add/edit form (docs/forms.md "Forms bound to tables")
      const form = await boundFormOf(ctx.conn.db, ctx.registry, meta.flag);
      // the answer schema checks a form loosely (version and fields): FormSchema is its stricter type
      return ok(form ? { ...meta, form: form as unknown as Record<string, unknown> & { version: 2; fields: { kind: string; name: string }[] } } : meta);
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default crudRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    crud: typeof crudRoutes;
  }
}
