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

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || !isJson(reply)) return payload;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_MIN_BYTES || size > COMPRESS_MAX_BYTES) return payload;
  // the answer differs by Accept-Encoding from here on, whether or not this request takes a compressed one
  reply.header('vary', varyWith(reply.getHeader('vary')));
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? await brotli(payload, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : await gzipAsync(payload, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
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
