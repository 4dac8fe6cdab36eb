import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { databaseFailureOf, type DatabaseFailure } from '../db/databaseFailures.ts';
import { ApiError, errorAnswer, sendError } from './errors.ts';

/** Largest body the API reads as JSON or text (Fastify's bodyLimit); uploads have their own limits. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface BodyLimits {
  /** the largest file an upload route takes, for the message of a file cut off at the multipart limit */
  uploadBytes: number;
}

type ThrownError = Error & { statusCode?: number; code?: string };

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/** busboy (under @fastify/multipart) throws plain errors, without a code, for a body it cannot parse. */
const BUSBOY_SOURCE = /[\\/]@fastify[\\/]busboy[\\/]/;
const isMultipartParseError = (err: ThrownError) => typeof err.stack === 'string' && BUSBOY_SOURCE.test(err.stack.split('\n').slice(0, 3).join('\n'));

const MULTIPART_MALFORMED = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']);
const MULTIPART_TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function bodyLimitOf(req: FastifyRequest): number {
  try {
    return req.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
  } catch {
    return BODY_LIMIT_BYTES;
  }
}

/**
 * The answer to an error the client caused: a 4xx with a message in the client's language. Undefined for
 * a fault of the server, which is logged and answered 500. Every error Fastify, its content-type parsers,
 * the router and @fastify/multipart raise for bad input carries a 4xx status or is named here.
 */
export function clientFailureOf(err: ThrownError, req: FastifyRequest, limits: BodyLimits): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const code = err.code ?? '';
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'badJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'bodyTooLarge', { max: megabytes(bodyLimitOf(req)) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupportedMediaType', { type: String(req.headers['content-type'] ?? '').slice(0, 100) });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'badContentLength');
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 'badUrl');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, 'urlTooLong');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'uploadTooLarge', { max: megabytes(limits.uploadBytes) });
  }
  // the client closed the connection before its body was read: nobody waits for the answer, and it is no fault of ours
  if (req.raw?.aborted) return new ApiError(400, 'requestIncomplete');
  if (MULTIPART_TOO_MANY.has(code)) return new ApiError(413, 'multipartTooManyParts');
  if (MULTIPART_MALFORMED.has(code) || isMultipartParseError(err)) return new ApiError(400, 'badMultipart');
  // Fastify's JSON parser throws a SyntaxError with status 400
  if (err instanceof SyntaxError && err.statusCode === 400) return new ApiError(400, 'badJson');
  const status = err.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 429) return new ApiError(429, 'tooManyRequests');
  if (status === 403) return new ApiError(403, 'forbidden');
  if (status === 404) return new ApiError(404, 'notFoundRoute');
  return new ApiError(status, 'requestRefused', { status });
}

/** Fastify's error handler: the envelope with a 4xx for what the client caused, 500 (logged) for the rest. */
export function answerError(limits: BodyLimits) {
  return (err: ThrownError, req: FastifyRequest, reply: FastifyReply) => {
    const failure = clientFailureOf(err, req, limits);
    // a 503 of ours (the upload storage away) may be retried, as the database's below
    if (failure?.httpStatus === 503) reply.header('Retry-After', '1');
    if (failure) return sendError(req, reply, failure);
    // the database is down, busy or too slow: an envelope the client can retry on, the cause logged once without a stack
    const database = databaseFailureAnswer(err);
    if (database) {
      req.log.warn({ code: database.code, cause: err.code ?? err.message }, 'database failure');
      if (database.httpStatus === 503) reply.header('Retry-After', '1');
      return sendError(req, reply, database);
    }
    req.log.error(err);
    return sendError(req, reply, new ApiError(500, 'internal'));
  };
}

/** The path of a request target as the router matches it: without query or fragment, %-escapes decoded. */
export function routedPathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * HTTP/1.1 requires a Host header. Node would answer its absence with a bare 400 of its own; the server
 * takes such requests (`requireHostHeader: false`) and this onRequest hook answers them in the envelope.
 */
export function requireHostHeader(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  // a callback hook: an async one would cost every call a promise (docs/performance.md)
  if (req.raw.httpVersionMajor === 1 && req.raw.httpVersionMinor >= 1 && req.headers.host === undefined) done(new ApiError(400, 'badHttpRequest'));
  else done();
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a bad %-escape, a too-long parameter), answered
 * before any hook runs, so without the headers of @fastify/helmet; nosniff at least is set here.
 */
export function answerFrameworkError(limits: BodyLimits) {
  const answer = answerError(limits);
  // Fastify calls this and goes on: the reply (a thenable) is not handed back
  return (err: ThrownError, req: FastifyRequest, reply: FastifyReply): void => {
    void answer(err, req, reply.header('X-Content-Type-Options', 'nosniff'));
  };
}

/** The Accept-Language of a request Node could not parse, read from the bytes it did receive. */
function acceptLanguageOf(received: string): string | undefined {
  return /\r\naccept-language:[ \t]*([^\r\n]{0,100})/i.exec(received)?.[1];
}

/**
 * Node's 'clientError' (Fastify's `clientErrorHandler`): a request Node's parser refused before any route ran,
 * such as a request line plus headers over Node's maxHeaderSize, 16 KB (431) or a line that is not HTTP (400). Answered in the same
 * envelope as every other error, then the connection is closed, as nothing after the bad bytes can be trusted.
 */
export function answerUnparsableRequest(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'headersTooLarge'] as const)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'requestTimeout'] as const)
        : err.code === 'HPE_INVALID_EOF_STATE'
          ? ([400, 'requestIncomplete'] as const)
          : ([400, 'badHttpRequest'] as const);
  const received = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
  const headers = { 'accept-language': acceptLanguageOf(received) };
  const body = JSON.stringify(errorAnswer({ headers }, message, { max: Math.floor(maxHeaderSize / 1024) }));
  // The answer to a HEAD request has no body (its Content-Length still says how long the body would be). The method
  // is read from the bytes Node refused. A head may have come in several reads (a long one, or a slow client's, or a
  // loaded server's): then those bytes are a later read, the request line is not among them and the method is unknown,
  // so no body is sent either (Content-Length: 0, as Node's own answer), since a HEAD client would take a body for the
  // start of a next answer. The status line still says what happened. (Seen by the fuzz test under load: a HEAD with
  // a raw non-ASCII path, refused with 400 in its second read.)
  // (a request cut short or timed out is refused at its end, so the bytes are its body or nothing: they keep the body)
  const methodUnknown = (status === 431 || message === 'badHttpRequest') && !/^[A-Z]+[ \r\n]/.test(received);
  const withBody = !methodUnknown && !received.startsWith('HEAD ');
  // a response already under way on this connection cannot be followed by another
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${methodUnknown ? 0 : Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        (withBody ? body : ''),
    );
  }
  socket.destroy(err);
}

const ANSWER: Record<DatabaseFailure, { status: number; key: 'databaseUnavailable' | 'databaseBusy' | 'databaseTimeout' }> = {
  unavailable: { status: 503, key: 'databaseUnavailable' },
  busy: { status: 503, key: 'databaseBusy' },
  timeout: { status: 504, key: 'databaseTimeout' },
};

/** The envelope of a database failure: 503 DATABASE_UNAVAILABLE / DATABASE_BUSY, 504 DATABASE_TIMEOUT; undefined otherwise. */
export function databaseFailureAnswer(err: unknown): ApiError | undefined {
  const failure = databaseFailureOf(err);
  if (!failure) return undefined;
  return new ApiError(ANSWER[failure].status, ANSWER[failure].key);
}
