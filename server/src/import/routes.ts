import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ApiError, badRequest, ok } from '../http/errors.ts';
import { prefersEnglish, translate } from '../http/messages.ts';
import { uploadsDirOf } from '../uploads/routes.ts';
import type { RowProblem } from './questions.ts';
import { type ImportResult, ImportRejected, ImportService } from './service.ts';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('badParam', { name: 'body', reason: 'a JSON object is required' });
  return body as Record<string, unknown>;
}

/** An attachment: an ASCII name for old clients, the real (Chinese) name in filename*. */
function sendFile(reply: FastifyReply, content: Buffer, fileName: string, asciiName: string, ext: 'xls' | 'xlsx') {
  return reply
    .type(CONTENT_TYPES[ext])
    .header('Content-Disposition', `attachment; filename="${asciiName}.${ext}"; filename*=UTF-8''${encodeURIComponent(fileName)}.${ext}`)
    .header('Cache-Control', 'no-store')
    .send(content);
}

/** Spreadsheet import (SPEC.md §7: selectAddTypes, import, typesImport), templates and question export. */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = new ImportService(ctx.crud, uploadsDirOf(ctx));

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
      return reply.code(400).send({
        status: false,
        success: false,
        message: translate(req, 'importRowsInvalid', { count: err.result.rejected, first }),
        data: { ...err.result, problems },
      });
    }
  };

  app.post('/api/coustomApi/selectAddTypes/', async (req) => ok(await service.selectAddTypes(bodyOf(req.body), req.caller)));

  app.post('/api/action/import/', async (req, reply) => runImport(req, reply, () => service.importQuestions(bodyOf(req.body), req.caller)));

  app.post('/api/coustomApi/typesImport/', async (req, reply) => runImport(req, reply, () => service.importCategories(bodyOf(req.body), req.caller)));

  app.get('/api/import/template/', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const kind = q.kind ?? 'question';
    const format = q.format ?? 'xlsx';
    if (kind !== 'question' && kind !== 'category') throw badRequest('badParam', { name: 'kind', reason: 'question or category' });
    if (format !== 'xls' && format !== 'xlsx') throw badRequest('badParam', { name: 'format', reason: 'xls or xlsx' });
    const { content, fileName } = await service.template(kind, format);
    return sendFile(reply, content, fileName, `${kind}-template`, format);
  });

  app.get('/api/export/questions/', async (req, reply) => {
    const { content, fileName } = await service.exportQuestions(req.query as Record<string, unknown>, req.caller);
    return sendFile(reply, content, fileName, 'questions', 'xlsx');
  });
}
