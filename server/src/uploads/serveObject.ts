import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorAnswer, rawPayload, sendError } from '../http/errors.ts';
import { type ByteRange, type StoredObject, type UploadStore, isUploadKey } from './store.ts';

/** The headers every served upload carries, whatever the store: nothing in it runs, nothing sniffs its type. */
export const SERVED_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
  'Cache-Control': 'private, max-age=86400',
};

/**
 * One range of `Range: bytes=…` against an object of `size` bytes: the range, 'unsatisfiable' (416), or
 * undefined when the header is absent, malformed or asks for several ranges (the whole object is sent, as
 * RFC 9110 allows and as the local store's @fastify/static does).
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

function describe(reply: FastifyReply, meta: StoredObject) {
  reply.headers(SERVED_FILE_HEADERS).header('Accept-Ranges', 'bytes').header('Content-Type', meta.contentType);
  if (meta.etag) reply.header('ETag', meta.etag);
  if (meta.lastModified) reply.header('Last-Modified', meta.lastModified.toUTCString());
}

/**
 * GET and HEAD /api/file/YYYYMM/<name> from a store, through this server: the same public URLs, headers and
 * answers as files on disk, with single ranges and If-None-Match. Storage failures throw StorageUnavailable (503).
 */
export async function serveObject(store: UploadStore, req: FastifyRequest, reply: FastifyReply) {
  const key = (req.params as { '*'?: string })['*'] ?? '';
  if (!isUploadKey(key)) return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
  const rangeHeader = req.headers.range;
  const conditional = req.headers['if-none-match'] !== undefined;
  // a plain GET is one call to the store; HEAD, a range or a condition need the size and ETag first
  if (req.method === 'GET' && rangeHeader === undefined && !conditional) {
    const object = await store.get(key);
    if (!object) return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
    describe(reply, object);
    return reply.header('Content-Length', object.size).send(rawPayload(object.body));
  }
  const meta = await store.head(key);
  if (!meta) return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
  if (conditional && etagMatches(req.headers['if-none-match'], meta.etag)) {
    describe(reply, meta);
    return reply.code(304).send();
  }
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === meta.etag ? rangeOf(rangeHeader, meta.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${meta.size}`)
      .send(errorAnswer(req, 'requestRefused', { status: 416 }));
  }
  // the store is asked for the bytes before any header is set: a failure is answered as a plain 503 envelope
  const object = req.method === 'HEAD' ? undefined : await store.get(key, range);
  if (req.method !== 'HEAD' && !object) return sendError(req, reply, new ApiError(404, 'notFoundRoute'));
  describe(reply, meta);
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${meta.size}`);
  reply.header('Content-Length', range ? range.end - range.start + 1 : meta.size);
  return object ? reply.send(rawPayload(object.body)) : reply.send();
}
