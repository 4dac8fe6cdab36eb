import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of the API's JSON answers (issue 31, docs/web-pages.md "Speed"). The web app's files are compressed
 * once, by the build; the API's answers were sent as they were: 88 KB for the menu page's calls, several round
 * trips on a slow line. An answer is compressed when it is JSON held in memory (a string or a buffer: a stream,
 * such as an export or a large list streamed row by row, is sent as it is), has no encoding yet, is between 1 KB
 * (below that the headers cost more than is saved) and 8 MB (above that the CPU a big answer would take in one go
 * is not spent; those answers are streams anyway), and the request accepts brotli or gzip. Brotli at quality 4 and
 * gzip at level 6: a few milliseconds for the largest usual answers, done on libuv's threads, not the event loop.
 */
export const COMPRESS_MIN_BYTES = 1024;
export const COMPRESS_MAX_BYTES = 8 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to use for an Accept-Encoding header: brotli when accepted, else gzip, else none. A coding given
 * q=0 is refused; `*` accepts both.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

/** the JSON content type every handler's answer carries: compared as it is before the regular expression */
const PLAIN_JSON = 'application/json; charset=utf-8';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return type === PLAIN_JSON || (typeof type === 'string' && JSON_TYPE.test(type));
}

type Done = (err: Error | null, payload?: unknown) => void;

/**
 * A callback hook, not an async one: most answers are sent as they are (under 1 KB, or the client takes no encoding),
 * and those go on at once, without a promise and a turn of the microtask queue per answer (docs/performance.md). The
 * answer's size is read once (a Buffer's length: the serializer hands Fastify bytes, http/openapi.ts).
 */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done): void {
  const text = typeof payload === 'string';
  if (!text && !Buffer.isBuffer(payload)) return done(null, payload);
  // bytes under the threshold (most answers) go on before any header is read
  if (!text && payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
  if (reply.hasHeader('content-encoding') || !isJson(reply)) return done(null, payload);
  const size = text ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_MIN_BYTES || size > COMPRESS_MAX_BYTES) return done(null, payload);
  // the answer differs by Accept-Encoding from here on, whether or not this request takes a compressed one
  const vary = reply.getHeader('vary');
  reply.header('vary', vary === undefined ? 'Accept-Encoding' : varyWith(vary));
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  const body = payload as string | Buffer;
  const compressed =
    encoding === 'br'
      ? brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : gzipAsync(body, { level: 6 });
  compressed.then(
    (result) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, result);
    },
    (err: Error) => done(err),
  );
}

function varyWith(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return values.join(', ');
  return [...values, 'Accept-Encoding'].join(', ');
}

/** Compresses the JSON answers of every route registered after this call's hook runs (all of them: onSend is global). */
export function addJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', compressAnswer);
}
