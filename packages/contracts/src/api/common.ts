/**
 * Building blocks of the route schemas: the answer envelope, the error envelope with its `code`, and the
 * helpers that say how strictly a parameter is checked at the door (docs/api.md, "Route schemas").
 */
import { z } from 'zod';

/**
 * A parameter whose value the server's service checks itself, with a message that may depend on more than
 * the value (the table's key type, the column's type): the schema documents and types the shape a client
 * sends, and a value of another shape is passed on unchanged for the service to refuse precisely.
 */
export function checkedByService<T extends z.ZodType>(schema: T) {
  return schema.catch((ctx) => ctx.input as z.output<T>);
}

/**
 * A JSON request body: an object, refused otherwise as `参数 body 不正确：需要一个 JSON 对象`. Fields the route
 * does not name are kept (services read them, e.g. the `params` of a save).
 */
export function jsonBody<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape, { error: 'a JSON object is required' });
}

/** The query string: every value arrives as text (a key given twice as a list of texts). */
export function queryOf<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape);
}

/** A query parameter or body field whose value the service checks (see checkedByService). */
export const serviceText = (description: string) => checkedByService(z.string()).describe(description);

/** Lowercase hex SHA-256 of a typed password: a password never leaves the browser in clear. */
export const clientHash = z
  .string({ error: 'SHA-256 hex expected' })
  .regex(/^[0-9a-f]{64}$/, { error: 'SHA-256 hex expected' })
  .describe('lowercase hex SHA-256 of the typed password');

const envelopeBase = {
  success: z.literal(true),
  message: z.string().describe('a text for the person (Accept-Language: zh by default, en)'),
};

/** A success answer carrying `data`. */
export function answerOf<T extends z.ZodType>(data: T, description = 'Success') {
  return z.object({ status: z.literal(200), ...envelopeBase, data }).describe(description);
}

/** A success answer carrying one page of rows and the number of all matching rows. */
export function listAnswerOf<T extends z.ZodType>(row: T, description = 'One page of rows') {
  return z
    .object({ status: z.literal(200), ...envelopeBase, data: z.array(row), total: z.number().int().describe('all rows the query matches, exact') })
    .describe(description);
}

/** A success answer without data (logout, change of password). */
export const emptyAnswer = z.object({ status: z.literal(200), ...envelopeBase }).describe('Success');

/**
 * The stable codes of error answers that clients act on; every code the server answers is the message key
 * in UPPER_SNAKE (the OpenAPI document lists them all, docs/api.md describes them).
 */
export const ERROR_CODE_EXAMPLES = ['SESSION_EXPIRED', 'FORBIDDEN', 'BAD_PARAM', 'UNKNOWN_FLAG', 'NOT_FOUND', 'LOGIN_LOCKED', 'TOO_MANY_REQUESTS', 'INTERNAL'];

/** Every failure: `status` false, the message for the person, the machine-readable `code`. */
export const errorEnvelope = z
  .object({
    status: z.literal(false),
    success: z.literal(false),
    message: z.string().describe('what went wrong, for the person (Accept-Language: zh by default, en)'),
    code: z
      .string()
      .describe('machine-readable and stable: clients act on it, never on the message (docs/api.md, "Error codes")')
      .meta({ examples: ERROR_CODE_EXAMPLES }),
    data: z.unknown().optional().describe('details some failures carry (the counts and problems of a refused import)'),
  })
  .meta({ id: 'ErrorEnvelope', description: 'A failure: status false, a message, a code' });

/** The failures every route may answer (the server adds them to each /api route's schema). */
export const errorResponses = {
  '4xx': {
    description: 'Refused: the error envelope; `code` says why (BAD_PARAM, SESSION_EXPIRED, FORBIDDEN, NOT_FOUND, TOO_MANY_REQUESTS, …)',
    content: { 'application/json': { schema: errorEnvelope } },
  },
  '5xx': { description: "The server's fault (INTERNAL), logged on the server", content: { 'application/json': { schema: errorEnvelope } } },
};

/** A file answer (spreadsheet, template, uploaded file) in one of the given media types. */
export function fileAnswer(description: string, mediaTypes: string[]) {
  const file = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: file }])) };
}

/** What a route schema holds: the OpenAPI words (summary, tags) and the zod schemas of its parts. */
export interface RouteSchema {
  summary: string;
  description?: string;
  tags: string[];
  operationId?: string;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** media types of the request body (multipart uploads) */
  consumes?: string[];
  response: Record<number | string, z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }>;
}

/** Keeps a route schema's exact types (for the handler's and the client's types) while checking its form. */
export const defineRoute = <T extends RouteSchema>(route: T): T => route;
