import type { tableImportApi } from '@qb/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CrudService } from '../crud/service.ts';
import { errorAnswer, ok, rawPayload } from '../http/errors.ts';
import { prefersEnglish, translate } from '../http/messages.ts';
import type { RoutesOf } from '../http/route.ts';
import { writeWorkbook } from './sheetReader.ts';
import { ImportRejected, type ImportService } from './service.ts';
import { importColumns, matchable, naturalKey, uniqueColumns } from './tableColumns.ts';
import { TableImportService } from './tableImport.ts';
import { listValidations, tableTemplateSheets, withListValidations } from './tableTemplate.ts';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

/** The generic import into any table that offers it, and its template (docs/import.md "Import into any table"). */
export function tableImportRoutes(crud: CrudService, files: ImportService): RoutesOf<typeof tableImportApi> {
  const service = new TableImportService(crud, files);

  const refused = (req: FastifyRequest, reply: FastifyReply, err: ImportRejected) => {
    const problems = err.result.problems.map((p) => ({ row: p.row, column: p.column, message: translate(req, p.key, p.params) }));
    const first = problems
      .slice(0, 3)
      .map((p) => translate(req, 'importRowProblem', { row: p.row, message: p.column ? `${p.column}：${p.message}` : p.message }))
      .join(prefersEnglish(req) ? '; ' : '；');
    return reply.code(400).send(errorAnswer(req, 'importRowsInvalid', { count: err.result.rejected, first }, { data: { ...err.result, problems } }));
  };

  return {
    importTable: async (req, reply) => {
      try {
        const r = await service.importTable(req.body, req.caller);
        return ok({ ...r, problems: [] }, {}, translate(req, 'importTableDone', { inserted: r.inserted, updated: r.updated, skipped: r.skipped }));
      } catch (err) {
        if (err instanceof ImportRejected) return refused(req, reply, err);
        throw err;
      }
    },

    tableImportOptions: async (req) => {
      const table = service.importableTable(req.query._flag, req.caller);
      return ok({
        keyColumn: naturalKey(table),
        uniqueColumns: uniqueColumns(table).map((c) => c.column.name),
        matchColumns: importColumns(table)
          .filter(matchable)
          .map((c) => c.column.name),
      });
    },

    tableTemplate: async (req, reply) => {
      const table = service.importableTable(req.query._flag, req.caller);
      const format = req.query.format ?? 'xlsx';
      const lang = prefersEnglish(req) ? 'en' : 'zh';
      const written = await files.queue.run(() =>
        writeWorkbook(tableTemplateSheets(table, crud.registry, lang), format === 'xls' ? 'biff8' : 'xlsx', files.limits),
      );
      const content = format === 'xlsx' ? await withListValidations(written, listValidations(table, lang)) : written;
      const fileName = lang === 'zh' ? `${table.title.zh}-导入模板` : `${table.title.en}-import-template`;
      return reply
        .type(CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${table.flag}-template.${format}"; filename*=UTF-8''${encodeURIComponent(fileName)}.${format}`)
        .header('Cache-Control', 'no-store')
        .send(rawPayload(content));
    },
  };
}
