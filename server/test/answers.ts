/**
 * Every answer a test app gives is checked against what the API document (/api/openapi.json) declares for its
 * route, method and status: the status must be declared, the media type one of the declared ones, and a JSON body
 * must fit the declared schema (JSON Schema 2020-12, compiled once per worker). An error answer's code must be
 * listed in docs/api.md's table of codes with the HTTP status it came with. A mismatch fails the test that got it
 * (afterEach), or the file (afterAll) when it came from a beforeAll: the document cannot drift from the server.
 */
import fs from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, afterEach } from 'vitest';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** What an answer is checked as: the route matched (undefined: none), and what was sent. */
export interface Answer {
  method: string;
  route: string | undefined;
  url: string;
  status: number;
  contentType: string | undefined;
  /** the body as text; undefined when not read (a file, a stream past the limit) */
  body: string | undefined;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
let componentsAdded = false;
/** compiled validators by operation, status and media type: the document is the same for every app of a worker */
const validators = new Map<string, ValidateFunction>();
const mismatches: string[] = [];
/** a streamed JSON answer is read up to this size to be checked */
const STREAM_CHECK_LIMIT = 32 * 1024 * 1024;

/** The document's spelling of a route pattern: `:flag` is `{flag}`, the wildcard `*` is `{*}`. */
export const documentPathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace('*', '{*}');
const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** The declared answer for a status: the exact code, else its class (4XX), else `default`. */
function declaredResponse(op: Operation, status: number): [string, Response] | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) if (op.responses[key]) return [key, op.responses[key]];
  return undefined;
}

function validatorOf(doc: ApiDocument, key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    if (!componentsAdded) {
      ajv.addSchema({ $id: 'doc', components: doc.components });
      componentsAdded = true;
    }
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
    validators.set(key, validate);
  }
  return validate;
}

/** Code → the HTTP statuses docs/api.md's table lists for it (`SOURCE_*` stands for every code it begins). */
let documentedCodes: Map<string, string[]> | undefined;
function statusesDocumentedFor(code: string): string[] | undefined {
  documentedCodes ??= codeTableOf(fs.readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
  if (documentedCodes.has(code)) return documentedCodes.get(code);
  for (const [pattern, statuses] of documentedCodes) if (pattern.endsWith('*') && code.startsWith(pattern.slice(0, -1))) return statuses;
  return undefined;
}

/** The rows of the table under "## Error codes": `| codes | HTTP | meaning |`. */
export function codeTableOf(markdown: string): Map<string, string[]> {
  const section = markdown.split(/^## Error codes$/m)[1]?.split(/^## /m)[0] ?? '';
  const table = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/^\d|^\dxx/.test(cells[2]!)) continue;
    const statuses = cells[2]!.split(/,\s*/);
    for (const [, code] of cells[1]!.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)) table.set(code!, [...(table.get(code!) ?? []), ...statuses]);
  }
  return table;
}

/** What is wrong with an answer against the document, or undefined. */
export function answerProblem(doc: ApiDocument, a: Answer): string | undefined {
  if (a.route === undefined || !isApiPath(a.route)) {
    // no route matched (an unknown /api path, a refusal before routing): the error envelope
    if (!isApiPath(new URL(`http://x${a.url}`).pathname) || a.status < 400) return undefined;
    return bodyProblem(doc, 'ErrorEnvelope', { $ref: '#/components/schemas/ErrorEnvelope' }, a);
  }
  const path = documentPathOf(a.route);
  const method = a.method.toLowerCase();
  const op = doc.paths[path]?.[method] ?? (method === 'head' ? doc.paths[path]?.get : undefined);
  if (!op) return `${a.method} ${path} is not in the document`;
  const declared = declaredResponse(op, a.status);
  if (!declared) return `${a.method} ${path} answered ${a.status}, which the document does not declare (${Object.keys(op.responses).join(', ')})`;
  const [statusKey, response] = declared;
  if (!response.content || Object.keys(response.content).length === 0)
    return a.body ? `${a.method} ${path} ${a.status}: a body, where the document declares none` : undefined;
  const type = a.contentType?.split(';')[0]!.trim().toLowerCase();
  // a redirect or a not-modified answer without a body has no media type
  if (a.method === 'HEAD' || (a.body === '' && a.status >= 300 && a.status < 400)) return undefined;
  const mediaType = type && (response.content[type] ? type : Object.keys(response.content).find((m) => m === '*/*' || m === 'application/octet-stream'));
  if (!mediaType) return `${a.method} ${path} ${a.status}: media type ${type}, declared ${Object.keys(response.content).join(', ')}`;
  const schema = response.content[mediaType]!.schema;
  if (!schema || !mediaType.includes('json')) return undefined;
  return bodyProblem(doc, `${method} ${path} ${statusKey} ${mediaType}`, schema, a);
}

function bodyProblem(doc: ApiDocument, key: string, schema: Record<string, unknown>, a: Answer): string | undefined {
  if (a.body === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(a.body);
  } catch {
    return `${a.method} ${a.url.slice(0, 100)} ${a.status}: not JSON (${a.contentType}): ${a.body.slice(0, 100)}`;
  }
  const validate = validatorOf(doc, key, schema);
  if (!validate(value)) {
    return `${a.method} ${a.url.slice(0, 100)} ${a.status} does not fit ${key}: ${ajv.errorsText(validate.errors)}; body ${a.body.slice(0, 300)}`;
  }
  const code = (value as { code?: unknown }).code;
  if (a.status >= 400 && typeof code === 'string') {
    const statuses = statusesDocumentedFor(code);
    if (!statuses) return `${a.method} ${a.url.slice(0, 100)}: code ${code} is not in docs/api.md's table of codes`;
    if (!statuses.some((s) => s === String(a.status) || s === `${String(a.status)[0]}xx`))
      return `${a.method} ${a.url.slice(0, 100)}: code ${code} answered with ${a.status}, docs/api.md says ${statuses.join(', ')}`;
  }
  return undefined;
}

const documents = new WeakMap<FastifyInstance, ApiDocument>();

function record(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: string | undefined) {
  try {
    let doc = documents.get(app);
    if (!doc) {
      doc = app.swagger() as unknown as ApiDocument;
      documents.set(app, doc);
    }
    const header = reply.getHeader('content-type');
    const problem = answerProblem(doc, {
      method: req.method,
      route: req.routeOptions.url,
      url: req.url,
      status: reply.statusCode,
      contentType: typeof header === 'string' ? header : undefined,
      body,
    });
    if (problem) mismatches.push(problem);
  } catch (err) {
    mismatches.push(`${req.method} ${req.url.slice(0, 100)}: the answer could not be checked: ${(err as Error).message}`);
  }
}

/** Checks every answer of `app` against its document (call before the app is ready: startTestApp does). */
export function checkAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload === 'string' || payload === null || payload === undefined) {
      record(app, req, reply, payload ?? '');
      return payload;
    }
    if (Buffer.isBuffer(payload)) {
      const type = String(reply.getHeader('content-type') ?? '');
      // a JSON answer compressed for the client (src/http/compression.ts) is checked as sent before compression
      const encoding = reply.getHeader('content-encoding');
      const body = encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload;
      record(app, req, reply, type.includes('json') ? body.toString('utf8') : undefined);
      return payload;
    }
    if (payload instanceof Readable && String(reply.getHeader('content-type') ?? '').includes('json')) {
      // a streamed list: passed on as it is (its pace and its end are the client's: pipeline ends the source with it),
      // and checked once it has ended
      const chunks: Buffer[] = [];
      let size = 0;
      const tee = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size <= STREAM_CHECK_LIMIT) chunks.push(Buffer.from(chunk));
          done(null, chunk);
        },
        flush(done) {
          record(app, req, reply, size <= STREAM_CHECK_LIMIT ? Buffer.concat(chunks).toString('utf8') : undefined);
          done();
        },
      });
      return pipeline(payload, tee, () => undefined);
    }
    record(app, req, reply, undefined);
    return payload;
  });
}

function failOnMismatches() {
  if (mismatches.length === 0) return;
  const found = mismatches.splice(0);
  throw new Error(`answers that do not fit the API document (server/test/answers.ts):\n${found.slice(0, 10).join('\n')}`);
}

// registered in every test file that imports the helpers (not in a benchmark that borrows them, outside vitest)
if (process.env.VITEST) {
  afterEach(failOnMismatches);
  afterAll(failOnMismatches);
}
