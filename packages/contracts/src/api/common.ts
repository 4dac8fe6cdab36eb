/**
 * Building blocks of the route schemas: the answer envelope, the error envelope with its `code`, and the
 * helpers that say how strictly a parameter is checked at the door (docs/api.md, "Route schemas").
 */
import { z } from 'zod';
import { ERROR_CODES } from '../core/errorCodes.ts';

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
export const serviceText = (description: string, example?: string) =>
  checkedByService(z.string())
    .describe(description)
    .meta(example === undefined ? {} : { examples: [example] });

/**
 * The largest id of a row: every built-in table and every table made from a definition is keyed by a 32-bit int
 * (PostgreSQL integer/serial, MariaDB int, SQLite's integer within the same range), and so is every id parameter.
 */
export const INT32_MAX = 2_147_483_647;
/** The reasons of a refused id (messages.ts translates them): not a positive integer, or past the column's type. */
export const ID_REFUSED = 'a positive integer is required';
export const ID_OUT_OF_RANGE = 'out of the range of the int type (1 to 2147483647)';

/**
 * An id naming a row of a table keyed by a 32-bit int, from a number or its text (a query string): 1 to 2^31−1.
 * The one bound of every id parameter, so that an id past the column's type is the same 400 on every engine
 * (PostgreSQL's integer refuses it at the query, SQLite would only find no row).
 */
export function rowId(description: string, example = 1) {
  return z.coerce
    .number({ error: ID_REFUSED })
    .int({ error: ID_REFUSED })
    .min(1, { error: ID_REFUSED })
    .max(INT32_MAX, { error: ID_OUT_OF_RANGE })
    .describe(description)
    .meta({ examples: [example] });
}

/**
 * The key of a row of any table, as a request names it: a positive int (1 to 2^31−1) or a non-empty text of at most
 * 200 characters (a table keyed by a code; a read-back table's bigint key beyond the int range as its digits).
 * Which of the two a table takes, the service checks against the table's key (server/src/crud/keys.ts).
 */
export const rowKeyParam = z.union([z.number().int().min(1).max(INT32_MAX), z.string().min(1).max(200)]);

/** An integer parameter the service checks itself (its message names the bound): documented with its bounds. */
export const serviceInt = (description: string, max: number, example: number) =>
  checkedByService(z.coerce.number().int().min(1).max(max))
    .describe(description)
    .meta({ examples: [example] });

/** A required text the service checks further (a flag, a file path): the schema refuses only what is never valid. */
export const requiredText = (description: string, example: string) =>
  checkedByService(z.string().min(1))
    .describe(description)
    .meta({ examples: [example] });

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
 * Examples of the stable codes of error answers (the OpenAPI document lists them all, docs/api.md describes them):
 * those of ERROR_CODES that any route may answer.
 */
export const ERROR_CODE_EXAMPLES: string[] = (
  ['sessionExpired', 'forbidden', 'badParam', 'unknownFlag', 'notFoundRoute', 'loginLocked', 'tooManyRequests', 'internal'] as const
).map((key) => ERROR_CODES[key]);

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

/** A call of the API: its method and path, whether it answers without a session, and its route schema. */
export interface RouteDeclaration extends RouteSchema {
  method: 'GET' | 'POST';
  /** under /api/; `:name` is a parameter of the path (`/api/schema/:flag`) */
  path: `/api/${string}`;
  /** answered without a session (health, the captcha, the login, the API's description) */
  public?: true;
  /**
   * Who may make the call, as its handler checks it: `administrator` the administrator only (`assertAdministrator`
   * on the server); `page:<route>` a caller granted that page (the administrator always; `mayOpen`); anyone else
   * refused with 403; `session` any signed-in caller, answered about itself only. Not sent to the OpenAPI document. The scoped access matrix (server/test/access-matrix-scoped.test.ts)
   * probes a call that says it by itself (its bare call must be refused to a role without the page), so a new call
   * needs no line there; a call without it (a table's reads and writes, whose answers depend on the row filter) is
   * given its probes by hand, which the type checker requires.
   */
  access?: 'administrator' | `page:/manage/${string}` | 'session';
}

/**
 * Declares a call, once: its method, path, schemas and so the types of its request and answer. Keeps the exact
 * types (the path's literal, for the web's path list; the schemas', for the handler's and the client's types) while
 * checking the form. Each contracts file names its calls in one record (`accessApi`…), joined in api/routes.ts.
 */
export const defineRoute = <T extends RouteDeclaration>(route: T): T => route;
