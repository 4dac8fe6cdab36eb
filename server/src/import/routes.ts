import type { importApi, tableImportApi } from '@qb/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CrudService } from '../crud/service.ts';
import type { UploadStore } from '../uploads/store.ts';
import { assertAllowed } from '../access/index.ts';
import { ApiError, errorAnswer, ok } from '../http/errors.ts';
import { prefersEnglish, translate } from '../http/messages.ts';
import type { RowProblem } from './questions.ts';
import { type ImportResult, ImportRejected, ImportService } from './service.ts';
import type { RoutesOf } from '../http/route.ts';
import { tableImportRoutes } from './tableRoutes.ts';

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
export function importRoutes(ctx: { crud: CrudService; uploads: UploadStore }): RoutesOf<typeof importApi & typeof tableImportApi> {
  const service = new ImportService(ctx.crud, ctx.uploads);

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

  return {
    // the import into any table first: the order of the OpenAPI document's paths
    ...tableImportRoutes(ctx.crud, service),

    selectAddTypes: async (req) => ok(await service.selectAddTypes(req.body, req.caller)),

    importQuestions: async (req, reply) => runImport(req, reply, () => service.importQuestions(req.body, req.caller)),

    importCategories: async (req, reply) => runImport(req, reply, () => service.importCategories(req.body, req.caller)),

    // the schema refuses any other kind or format (参数 kind 不正确：question or category)
    template: async (req, reply) => {
      const { kind = 'question', format = 'xlsx' } = req.query;
      assertAllowed(req.caller, kind === 'question' ? 'questionBank' : 'questionsSmallClass', 'import');
      const { content, fileName } = await service.template(kind, format);
      return sendFile(reply, content, fileName, `${kind}-template`, format);
    },

    exportQuestions: async (req, reply) => {
      const { content, fileName } = await service.exportQuestions(req.query, req.caller);
      return sendFile(reply, content, fileName, 'questions', 'xlsx');
    },
  };
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default importRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    import: typeof importRoutes;
  }
}
