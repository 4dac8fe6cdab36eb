import fastifyStatic from '@fastify/static';
import { fileRoute, type uploadApi } from '@qb/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadStore } from './store.ts';
import { mayWriteSomewhere } from '../access/index.ts';
import { ApiError, badRequest, ok } from '../http/errors.ts';
import { SERVED_FILE_HEADERS, serveObject } from './serveObject.ts';
import { MAX_UPLOAD_BYTES, kindOf, storeUpload } from './storage.ts';
import { uploadsDirOf } from './store.ts';
import type { RoutesOf } from '../http/route.ts';

/** Uploads (multipart field `files`), into the configured store. */
export function uploadRoutes(ctx: { uploads: UploadStore }): RoutesOf<typeof uploadApi> {
  const store = ctx.uploads;
  const handler = async (req: FastifyRequest) => {
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
    const stored = await storeUpload(store, file.filename, content);
    return ok({ path: stored, oldFileName: file.filename });
  };
  return { upload: handler, uploadOss: handler };
}

/** The files served back from /api/file/, from the configured store (no call of the API: a file route of its own). */
export async function registerUploadedFiles(app: FastifyInstance, ctx: { uploads: UploadStore; config: { dataDir: string } }) {
  const store = ctx.uploads;
  store.log = app.log;

  if (store.kind !== 'local') {
    // served through this server, not by presigned URLs: the stored URLs and the headers stay as they are (docs/uploads.md)
    app.route({ method: ['GET', 'HEAD'], url: '/api/file/*', schema: fileRoute, handler: (req, reply) => serveObject(store, req, reply) });
    app.addHook('onClose', async () => store.close());
    return;
  }

  // @fastify/static registers GET and HEAD /api/file/* with a schema of its own; this one documents it
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api/file/*') return;
    const schema = (route.schema ?? {}) as { response?: object };
    route.schema = { ...schema, ...fileRoute, response: { ...schema.response, ...fileRoute.response } };
  });

  await app.register(fastifyStatic, {
    root: uploadsDirOf(ctx.config),
    prefix: '/api/file/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    schemaHide: false,
    setHeaders(res) {
      for (const [name, value] of Object.entries(SERVED_FILE_HEADERS)) res.header(name, value);
    },
  });
}

// found by app.ts among the features' routes (http/featureRoutes.ts): registered with the app's context
export default uploadRoutes;
declare module '../http/featureRoutes.ts' {
  interface FeatureRoutes {
    uploads: typeof uploadRoutes;
  }
}
