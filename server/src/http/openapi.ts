import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { api, ERROR_CODE_EXAMPLES, errorEnvelope, errorResponses, WHERES_GRAMMAR, type docsApi } from '@qb/contracts/schemas';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_ROUTES } from './publicRoutes.ts';
import { badRequest, errorCodeOf } from './errors.ts';
import { MESSAGE_KEYS, type MessageKey } from './messages.ts';
import type { RoutesOf } from './route.ts';

/** Where the reference page is served; its own routes (page, scripts, styles, the document it reads) are public. */
export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = api.openApi.path;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

type Issue = z.core.$ZodIssue;
type ZodLike = { safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } } };

/**
 * The 400 of a request that does not fit its route schema: `参数 {name} 不正确：{reason}` (BAD_PARAM), the name
 * being the path of the first problem (`body` for the body itself) and the reason the schema's own words,
 * which messages.ts translates (`required`, `a JSON object is required`, `SHA-256 hex expected`, …).
 */
export function badParamOf(issue: Issue, httpPart: string | undefined) {
  const name = issue.path.map(String).join('.') || (httpPart === 'body' ? 'body' : (httpPart ?? 'request'));
  return badRequest('badParam', { name: name.slice(0, 64), reason: issue.message });
}

/** Fastify's validator compiler for the zod route schemas of packages/contracts. */
export const validatorCompiler: FastifySchemaCompiler<ZodLike> = ({ schema, httpPart, method, url }) => {
  if (typeof schema?.safeParse !== 'function') throw new Error(`${method} ${url}: route schemas are zod schemas (packages/contracts/src/api)`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: badParamOf(result.error.issues[0]!, httpPart) };
  };
};

/**
 * Answers are written as the handlers shape them: the answer schemas describe them (document, client
 * types) but never filter them, so no field is dropped or renamed on its way out. As UTF-8 bytes, encoded
 * once: a string answer is measured again by each step that needs its length in bytes (the compression's
 * threshold, Content-Length, Node's own write), a pass over the whole text each (docs/performance.md).
 */
const serializerCompiler = () => (data: unknown) => utf8Of(JSON.stringify(data)) as unknown as string;

/**
 * The answers' bytes are written into slabs of 256 KB, one after another, as Node's own buffer pool does for texts
 * under 4 KB: a list page of 20 questions (5 KB) would otherwise be a malloc and a free of its own (Buffer.from of a
 * text past 4 KB is). A slab is never written twice: it is freed when the last answer in it is. A text that could
 * need more than a quarter of a slab gets a buffer of its own.
 */
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

export function utf8Of(text: string): Buffer {
  // at most 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units)
  const most = text.length * 3;
  if (most > SLAB_BYTES / 4) return Buffer.from(text);
  if (slabUsed + most > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const start = slabUsed;
  const end = start + slab.write(text, start);
  // the next answer starts on an 8-byte boundary, as in Node's pool
  slabUsed = (end + 7) & ~7;
  return slab.subarray(start, end);
}

/** Message keys that never answer a failure: success messages, and the words of a refused import's rows. */
const NOT_FAILURES = new Set<MessageKey>([
  'saved',
  'deleted',
  'loginOk',
  'loggedOut',
  'passwordChanged',
  'userSaved',
  'importDone',
  'connectOk',
  'importRowProblem',
  'importTableDone',
  'restored',
  'undeleted',
]);
const ROW_PROBLEM =
  /^import(StemMissing|TooLong|OptionGap|TooFewOptions|Answer\w+|TypeInvalid|SingleOneAnswer|MultipleAnswers|JudgeOptions|NameMissing|SortInvalid|IsUpInvalid|Parent\w+|DuplicateInFile|MatchAmbiguous|KeyNotFound|EnumUnknown|Reference(Missing|Ambiguous))$/;

/** Every `code` an error answer may carry. */
export function errorCodes(): string[] {
  return [...new Set(MESSAGE_KEYS.filter((k) => !NOT_FAILURES.has(k) && !ROW_PROBLEM.test(k)).map(errorCodeOf))].sort();
}

const DESCRIPTION = `The HTTP API of the question-bank back-office (docs/api.md is the full description).

**Envelope.** Every answer is JSON: \`{"status": 200, "success": true, "message": "ok", "data": …, "total": …}\` on success,
\`{"status": false, "success": false, "message": "…", "code": "BAD_PARAM"}\` on failure. The HTTP status says what kind of failure
(400 bad input, 401 no or expired session, 403 not allowed, 404 unknown path or row, 409 duplicate, 413 too large, 429 too many
requests, 500 the server's fault); \`code\` says which one, stably, for programs (e.g. SESSION_EXPIRED: forget the token and sign in
again); \`message\` says it for people, in Chinese by default and in English when \`Accept-Language\` starts with \`en\`.

**Session.** \`POST /api/user/login/\` answers a token; every other call but the public ones (health, captcha, login, \`/api/file/…\`,
this document and its reference page) sends it as the \`Authorization\` header, as it is or after \`Bearer \`.

**Filters.** ${WHERES_GRAMMAR}`;

const TAGS = [
  { name: 'tables', description: 'The generic table API: any table of the registry, by its flag' },
  { name: 'accounts', description: 'Sign-in, sessions and accounts' },
  { name: 'import', description: 'Spreadsheet import and export of questions and categories' },
  { name: 'uploads', description: 'Uploaded files' },
  { name: 'system', description: 'Health, menu, home page' },
  { name: 'docs', description: 'This description and its reference page' },
];

/** Schemas of the reference page's own routes (registered by @fastify/swagger-ui, which hides them). */
function docsRouteSchema(url: string): { summary: string; operationId: string; tags: string[]; params?: z.ZodType; response: Record<string, unknown> } {
  const answer = (description: string, type: string, schema: z.ZodType = z.string()) => ({ description, content: { [type]: { schema } } });
  const tags = ['docs'];
  if (url === DOCS_PREFIX)
    return {
      summary: 'The API reference page (bundled Swagger UI: same-origin scripts only)',
      operationId: 'docsPage',
      tags,
      response: { 200: answer('The page', 'text/html') },
    };
  if (url.endsWith('/json'))
    return {
      summary: 'This document, as the reference page reads it',
      operationId: 'docsJson',
      tags,
      response: { 200: answer('The OpenAPI document', 'application/json', z.record(z.string(), z.unknown())) },
    };
  if (url.endsWith('/yaml'))
    return { summary: 'This document in YAML', operationId: 'docsYaml', tags, response: { 200: answer('The OpenAPI document', 'application/x-yaml') } };
  if (url === `${DOCS_PREFIX}/static/index.html`)
    return {
      summary: "The reference page's old address",
      operationId: 'docsOldPage',
      tags,
      response: { 302: answer(`Moved to ${DOCS_PREFIX}/ (Location), without a body`, 'text/plain', z.string().max(0)) },
    };
  const file = { summary: 'A file of the reference page (script, style sheet, image)', tags, response: { 200: answer('The file', '*/*') } };
  if (url.endsWith('*')) {
    const params = z.object({
      '*': z
        .string()
        .min(1)
        .describe('the file')
        .meta({ examples: ['swagger-ui.css'] }),
    });
    return { ...file, operationId: 'docsFile', params };
  }
  return { ...file, operationId: `docs${url.slice(url.lastIndexOf('/') + 1).replace(/(^|[-.])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase())}` };
}

/** Names the HEAD operation of a route registered for GET and HEAD after its GET: operationIds are unique. */
function nameHeadOperations(doc: { paths?: Record<string, Record<string, { operationId?: string }>> }) {
  for (const item of Object.values(doc.paths ?? {})) {
    if (item.head?.operationId && item.head.operationId === item.get?.operationId) item.head = { ...item.head, operationId: `${item.head.operationId}Head` };
  }
}

/** Component schemas the paths do not reference but the document describes (the decoded `wheres`). */
const KEPT_COMPONENTS = new Set(['Wheres', 'ErrorEnvelope']);

/** Drops the component schemas nothing refers to (the registry holds an input and an output variant of each). */
function pruneComponents(doc: { paths?: unknown; components?: { schemas?: Record<string, unknown> } }) {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value) ?? '';
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!)) continue;
      used.add(name!);
      visit(schemas[name!]);
    }
  };
  visit(doc.paths);
  for (const name of KEPT_COMPONENTS) if (schemas[name]) visit({ $ref: `#/components/schemas/${name}` });
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * Route schemas for the whole app, before any route is registered: zod validation with the badParam answer,
 * answers written as they are, and the OpenAPI 3.1 document built from the same schemas. Every /api route
 * is documented with the error envelope, and the public ones without the session requirement.
 */
export async function registerRouteSchemas(app: FastifyInstance, version: string) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const transformObject = createJsonSchemaTransformObject({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Question bank back-office API', version, description: DESCRIPTION },
      tags: TAGS,
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The token that POST /api/user/login/ answered, as it is or as `Bearer <token>`. Without a live session: 401 SESSION_EXPIRED.',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      // the reference page's routes are hidden by their plugin; documented here, since the document lists every route
      let schema = input.schema;
      // documented with their descriptions; at run time the plain schema (a media-type map would need the reply's content type)
      if (isApiPath(input.url)) schema = { ...schema, response: { ...(schema?.response as object), ...errorResponses } } as typeof schema;
      if (input.url.startsWith(DOCS_PREFIX)) {
        const docs = docsRouteSchema(input.url);
        schema = { ...schema, ...docs, response: { ...(schema?.response as object), ...docs.response }, hide: false } as typeof schema;
      }
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: (input) => {
      const doc = transformObject(input) as ReturnType<typeof transformObject> & { components?: { schemas?: Record<string, Record<string, unknown>> } };
      pruneComponents(doc);
      nameHeadOperations(doc as Parameters<typeof nameHeadOperations>[0]);
      const envelope = doc.components?.schemas?.ErrorEnvelope as { properties?: { code?: Record<string, unknown> } } | undefined;
      if (envelope?.properties?.code) envelope.properties.code = { ...envelope.properties.code, enum: errorCodes(), examples: ERROR_CODE_EXAMPLES };
      return doc;
    },
  });

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const schema = (route.schema ??= {}) as FastifySchema & { response?: Record<string, unknown>; security?: unknown[] };
    schema.response = { '4xx': errorEnvelope, '5xx': errorEnvelope, ...schema.response };
    if (PUBLIC_ROUTES.has(route.url)) schema.security = [];
  });
}

/** GET /api/openapi.json: the document @fastify/swagger made of the registered routes. */
export function docsRoutes(app: FastifyInstance): RoutesOf<typeof docsApi> {
  // an object the schema describes loosely
  return { openApi: async () => app.swagger() as unknown as Record<string, unknown> };
}

/** The reference page at /api/docs (bundled Swagger UI: no CDN, no inline script), reading GET /api/openapi.json. */
export async function registerApiDocs(app: FastifyInstance) {
  // @fastify/swagger-ui redirects its old page address to the same URL, query and all: a 16 KB query came back as a
  // 16 KB Location header no client reads. The old address goes to the page, without its query, however its path is
  // spelled (/%61pi/docs/static/index.html reaches the same route): the route matched decides, not the raw URL.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.url === `${DOCS_PREFIX}/static/index.html`) reply.redirect(`${DOCS_PREFIX}/`);
    else done();
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // the page runs under the global Content-Security-Policy: its scripts and styles are files of this origin
    staticCSP: false,
    theme: { title: 'API · 题库管理后台' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
}
