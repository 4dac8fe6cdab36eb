import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAllowed } from '../access/index.ts';
import type { TablesDeps } from '../tables/deps.ts';
import { ok } from '../http/errors.ts';
import { translate } from '../http/messages.ts';
import { createTableFromForm } from './autoCreate.ts';
import { on } from '../http/route.ts';

/** The calls of forms bound to tables (docs/forms.md); the bound form's checks on saves sit in the save routes (boundForms/saves.ts). */
export function registerFormRoutes(fastify: FastifyInstance, ctx: TablesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  on(app, 'formTable', async (req) => {
    assertAllowed(req.caller, 'sys_layTable', 'save');
    assertAllowed(req.caller, 'sys_dataSheet', 'save');
    const preview = req.body.preview === true;
    const result = await createTableFromForm(ctx, req.body.id, preview, req.caller);
    return preview ? ok(result) : ok(result, {}, translate(req, 'saved'));
  });
}
