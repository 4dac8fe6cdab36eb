import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fileRoute, uploadOssRoute, uploadRoute } from '@qb/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext.ts';
import { mayWriteSomewhere } from '../access/index.ts';
import { ApiError, badRequest, ok } from '../http/errors.ts';
import { MAX_UPLOAD_BYTES, kindOf, storeUpload } from './storage.ts';

export function uploadsDirOf(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'uploads');
}

/** Uploads (multipart field `files`) and the files served back from /api/file/. */
export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const dir = uploadsDirOf(ctx);
  const handler = async (req: import('fastify').FastifyRequest) => {
    // files feed forms and imports: whoever may save or import somewhere may upload
    if (!mayWriteSomewhere(req.caller)) throw new ApiError(403, 'forbidden');
    if (!req.isMultipart()) throw badRequest('uploadMissing');
    const file = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw badRequest('uploadMissing');
    // a part may lack its name or its file name (busboy then hands back undefined): bad input, not a fault
    if (typeof file.fieldname !== 'string' || file.fieldname === '') throw badRequest('badMultipart');
    if (file.fieldname !== 'files') throw badRequest('badParam', { name: file.fieldname.slice(0, 32), reason: 'the file field is files' });
    if (typeof file.filename !== 'string' || file.filename.trim() === '') throw badRequest('uploadNoFileName');
    const kind = kindOf(file.filename);
    const content = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('uploadTooLarge', { max: `${kind.maxBytes / 1024 / 1024} MB` });
      throw err;
    });
    const stored = await storeUpload(dir, file.filename, content);
    return ok({ path: stored, oldFileName: file.filename });
  };
  app.post('/api/action/upload/', { schema: uploadRoute }, handler);
  app.post('/api/action/uploadsOss/', { schema: uploadOssRoute }, handler);

  // @fastify/static registers GET and HEAD /api/file/* with a schema of its own; this one documents it
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api/file/*') return;
    const schema = (route.schema ?? {}) as { response?: object };
    route.schema = { ...schema, ...fileRoute, response: { ...schema.response, ...fileRoute.response } };
  });

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/api/file/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    schemaHide: false,
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'");
      res.header('Cache-Control', 'private, max-age=86400');
    },
  });
}
