import type { FastifyReply, FastifyRequest } from 'fastify';
import { type MessageKey, translate } from './messages.ts';

/** A failure the client caused or may see: answered as the envelope with this HTTP status. */
export class ApiError extends Error {
  constructor(
    public readonly httpStatus: number,
    public readonly key: MessageKey,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new ApiError(400, key, params);
export const notFound = (key: MessageKey, params?: Record<string, string | number>) => new ApiError(404, key, params);

export function ok<T>(data?: T, extra: Record<string, unknown> = {}, message = 'ok') {
  return { status: 200 as const, success: true, message, ...(data === undefined ? {} : { data }), ...extra };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  return reply.code(err.httpStatus).send({ status: false, success: false, message: translate(req, err.key, err.params) });
}
