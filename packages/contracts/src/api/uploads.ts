/** Uploads (multipart field `files`) and the files served back from /api/file/. */
import { z } from 'zod';
import { IMAGE_EXTENSIONS } from '../core/entities.ts';
import { answerOf, checkedByService, defineRoute, fileAnswer, type RouteSchema } from './common.ts';
import { uploadAnswerSchema } from './models.ts';

const tags = ['uploads'];

/** Documents the multipart form; the route reads the parts itself (one file, field `files`). */
export const uploadBodySchema = checkedByService(
  z.object({
    files: z
      .string()
      .meta({ format: 'binary' })
      .describe(`one image (${IMAGE_EXTENSIONS.join(', ')}) or spreadsheet (xls, xlsx, csv)`),
  }),
);

const upload = <P extends `/api/${string}`>(path: P, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    summary,
    description: 'The content must match the extension (UPLOAD_BAD_CONTENT); too large: 413 UPLOAD_TOO_LARGE.',
    tags,
    consumes: ['multipart/form-data'],
    body: uploadBodySchema,
    response: { 200: answerOf(uploadAnswerSchema) },
  });

/** The calls of uploads, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const uploadApi = {
  upload: upload('/api/action/upload/', 'Upload one file'),
  uploadOss: upload('/api/action/uploadsOss/', 'Upload one file (the object-storage path of SPEC.md §7, stored the same way)'),
};

/** The files served back: no call of the API (@fastify/static or the object store serves them), documented with this schema. */
export const fileRoute = {
  summary: 'An uploaded file',
  description: 'Public (the names are random). Served with nosniff and a CSP that runs nothing.',
  tags,
  operationId: 'file',
  params: z.object({
    '*': z
      .string()
      .min(1)
      .describe('the path below /api/file/ that an upload answered')
      .meta({ examples: ['2024/05/3f9c2b7a0d1e.png'] }),
  }),
  response: {
    200: fileAnswer('The file', ['application/octet-stream']),
    206: fileAnswer('The part a single `Range` asked for, with `Content-Range` (a range past the end: 416)', ['application/octet-stream']),
    304: {
      description: 'Not modified: the `If-None-Match` or `If-Modified-Since` the client sent still holds (no body)',
      content: { '*/*': { schema: z.string().max(0) } },
    },
  },
} satisfies RouteSchema;

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    upload: typeof uploadApi;
  }
}
