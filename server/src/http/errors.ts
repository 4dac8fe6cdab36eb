import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@qb/contracts';
import { type MessageKey, translate } from './messages.ts';

/** A key of the contracts' code list that is no message key of this server fails the type check here, by name. */
const listedCodes: Partial<Record<MessageKey, string>> = ERROR_CODES satisfies Record<Exclude<keyof typeof ERROR_CODES, MessageKey>, never>;

/**
 * The machine-readable `code` of an error answer: as the contracts list it (ERROR_CODES: the codes clients act on, a
 * few under a shorter name), else the message key in UPPER_SNAKE (badParam -> BAD_PARAM); stable across wording
 * changes of the message. docs/api.md lists them.
 */
export function errorCodeOf(key: MessageKey): string {
  return listedCodes[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** A failure the client caused or may see: answered as the envelope with this HTTP status. */
export class ApiError extends Error {
  /** the answer's `code`; a plain property, as Fastify assigns `code` on the errors of a route's validation */
  readonly code: string;

  constructor(
    public readonly httpStatus: number,
    public readonly key: MessageKey,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.code = errorCodeOf(key);
  }

  /** what the answer carries as `data` beside the message (a 409 CONFLICT: the current row) */
  get data(): unknown {
    return undefined;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new ApiError(400, key, params);
export const notFound = (key: MessageKey, params?: Record<string, string | number>) => new ApiError(404, key, params);

/** The success envelope; its type is what the route schemas' answers (packages/contracts) check handlers against. */
export function ok<T = undefined, E extends Record<string, unknown> = Record<never, never>>(data?: T, extra: E = {} as E, message = 'ok') {
  return { status: 200 as const, success: true as const, message, ...(data === undefined ? {} : { data }), ...extra } as {
    status: 200;
    success: true;
    message: string;
    data: T;
  } & E;
}

/** The error envelope: `status` false, the message in the client's language, the stable `code`. */
export function errorAnswer(
  req: Pick<FastifyRequest, 'headers'>,
  key: MessageKey,
  params: Record<string, string | number> = {},
  extra: Record<string, unknown> = {},
) {
  return { status: false as const, success: false as const, message: translate(req, key, params), code: errorCodeOf(key), ...extra };
}

/**
 * A streamed or binary answer of a route whose schema documents what it carries (a JSON list written in
 * chunks, a spreadsheet): the bytes go out as they are, as no serializer runs on a stream or a Buffer.
 */
export const rawPayload = (payload: Readable | Buffer) => payload as never;

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  return reply.code(err.httpStatus).send(errorAnswer(req, err.key, err.params, err.data === undefined ? {} : { data: err.data }));
}
