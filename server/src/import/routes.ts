import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CrudService } from '../crud/service.ts';
import type { UploadStore } from '../uploads/store.ts';
import { assertAllowed } from '../access/index.ts';
import { ApiError, errorAnswer, ok } from '../http/errors.ts';
import { prefersEnglish, translate } from '../http/messages.ts';
import type { RowProblem } from './questions.ts';
import { type ImportResult, ImportRejected, ImportService } from './service.ts';
import { on } from '../http/route.ts';
import { registerTableImportRoutes } from './tableRoutes.ts';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

/** An attachment: an ASCII name for old clients, the real (Chinese) name in filename*. */
function sendFile(reply: FastifyReply, content: Buffer, fileName: string, asciiName: string, ext: 'xls' | 'xlsx') {
  return reply
    .type(CONTENT_TYPES[ext])
    .header('Content-Disposition', `attachment; filename="${asciiName}.${ext}"; filename*=UTF-8''${encodeURIComponent(fileName)}.${ext}`)
    .header('Cache-Control', 'no-store')
    .send(content);
}

/** Spreadsheet import (SPEC.md §7: selectAddTypes, import, typesImport), templates and question export. */
export function registerImportRoutes(fastify: FastifyInstance, ctx: { crud: CrudService; uploads: UploadStore }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ImportService(ctx.crud, ctx.uploads);
  registerTableImportRoutes(fastify, ctx.crud, service);

  const problemsOf = (req: FastifyRequest, problems: RowProblem[]) =>
    problems.map((p) => ({ row: p.row, column: p.column, message: translate(req, p.key, p.params) }));

  /** Runs an import; a file with invalid rows is a 400 that carries the counts and the problems by row. */
  const runImport = async (req: FastifyRequest, reply: FastifyReply, run: () => Promise<ImportResult>) => {
    try {
      const r = await run();
      return ok({ ...r, problems: [] }, {}, translate(req, 'importDone', { inserted: r.inserted, skipped: r.skipped }));
    } catch (err) {
      if (err instanceof ApiError && 'detail' in err) req.log.warn({ detail: err.detail }, 'spreadsheet worker failed');
      if (!(err instanceof ImportRejected)) throw err;
      const problems = problemsOf(req, err.result.problems);
      const first = problems
        .slice(0, 3)
        .map((p) => translate(req, 'importRowProblem', { row: p.row, message: p.message }))
        .join(prefersEnglish(req) ? '; ' : '；');
      return reply.code(400).send(errorAnswer(req, 'importRowsInvalid', { count: err.result.rejected, first }, { data: { ...err.result, problems } }));
    }
  };

  on(app, 'selectAddTypes', async (req) => ok(await service.selectAddTypes(req.body, req.caller)));

  on(app, 'importQuestions', async (req, reply) => runImport(req, reply, () => service.importQuestions(req.body, req.caller)));

  on(app, 'importCategories', async (req, reply) => runImport(req, reply, () => service.importCategories(req.body, req.caller)));

  // the schema refuses any other kind or format (参数 kind 不正确：question or category)
  on(app, 'template', async (req, reply) => {
    const { kind = 'question', format = 'xlsx' } = req.query;
    assertAllowed(req.caller, kind === 'question' ? 'questionBank' : 'questionsSmallClass', 'import');
    const { content, fileName } = await service.template(kind, format);
    return sendFile(reply, content, fileName, `${kind}-template`, format);
  });

  on(app, 'exportQuestions', async (req, reply) => {
    const { content, fileName } = await service.exportQuestions(req.query, req.caller);
    return sendFile(reply, content, fileName, 'questions', 'xlsx');
  });
}
