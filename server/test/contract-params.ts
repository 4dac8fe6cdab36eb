/**
 * The parameters of every operation of the API document (generated from the zod route contracts), walked rather
 * than listed by hand: each integer parameter (in the query, the path or the JSON body, in a list or a list's
 * objects) with the request that sends it, built from the examples the document gives every parameter.
 */
import type { ApiDocument } from './answers.ts';

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  examples?: unknown[];
  example?: unknown;
  $ref?: string;
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
}

/** Where an integer goes: a query or path parameter, or a path of property names and list indexes in the JSON body. */
export interface IntegerSlot {
  operationId: string;
  method: string;
  path: string;
  where: 'query' | 'path' | 'body';
  /** the parameter's name, or its path in the body (`grants.0.menuId`) */
  name: string;
  /** the bounds the document gives it (its integer branch, when it may also be a text) */
  minimum: number;
  maximum: number;
  /** the request with every required parameter at its example */
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

const exampleOfSchema = (s: Schema | undefined): unknown => s?.examples?.[0] ?? s?.example;
const exampleOfParameter = (p: Parameter): unknown => p.example ?? Object.values(p.examples ?? {})[0]?.value ?? exampleOfSchema(p.schema);

/** The integer branch of a schema (itself, or one of its anyOf/oneOf branches), if it has one. */
function integerBranch(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'))) return s;
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const found = integerBranch(branch);
    if (found) return found;
  }
  return undefined;
}

const boundsOf = (s: Schema) => ({
  minimum: s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER),
  maximum: s.maximum ?? Number.MAX_SAFE_INTEGER,
});

/** Integer leaves below a body schema, with the path to each (a list's first element stands for all). */
function bodyIntegers(s: Schema, at: string[] = []): { name: string[]; schema: Schema }[] {
  const integer = integerBranch(s);
  if (integer) return [{ name: at, schema: integer }];
  const found: { name: string[]; schema: Schema }[] = [];
  for (const [key, property] of Object.entries(s.properties ?? {})) found.push(...bodyIntegers(property, [...at, key]));
  if (s.items) found.push(...bodyIntegers(s.items, [...at, '0']));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) if (branch.type === 'array' && branch.items) found.push(...bodyIntegers(branch, at));
  return found;
}

/** A body with every required property at its example; an example that is a list of objects is kept whole. */
function exampleBody(s: Schema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of s.required ?? []) body[name] = exampleOfSchema(s.properties?.[name]);
  return body;
}

/** Sets `value` at `path` in a copy of `body`, creating what the path needs from the property's example. */
export function withValueAt(body: Record<string, unknown>, schema: Schema, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string, unknown> | unknown[] = copy;
  let at: Schema | undefined = schema;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      (target as Record<string, unknown>)[key] = value;
      break;
    }
    at = /^\d+$/.test(key) ? (at?.items ?? [...(at?.anyOf ?? [])].find((b) => b.items)?.items) : at?.properties?.[key];
    const container = (target as Record<string, unknown>)[key];
    const next = container && typeof container === 'object' ? container : (exampleOfSchema(at) ?? (/^\d+$/.test(path[i + 1]!) ? [] : {}));
    (target as Record<string, unknown>)[key] = structuredClone(next);
    target = (target as Record<string, unknown>)[key] as Record<string, unknown>;
  }
  return copy;
}

/** Every integer parameter of every operation of the document. */
export function integerSlots(doc: ApiDocument): IntegerSlot[] {
  const slots: IntegerSlot[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation;
      const params = op.parameters ?? [];
      const query = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOfParameter(p)]));
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const body = bodySchema ? exampleBody(bodySchema) : undefined;
      const base = { operationId: op.operationId ?? `${method} ${path}`, method: method.toUpperCase(), path, query, body };
      for (const p of params) {
        const integer = integerBranch(p.schema);
        if (integer && (p.in === 'query' || p.in === 'path')) slots.push({ ...base, where: p.in, name: p.name, ...boundsOf(integer) });
      }
      if (bodySchema) for (const leaf of bodyIntegers(bodySchema)) slots.push({ ...base, where: 'body', name: leaf.name.join('.'), ...boundsOf(leaf.schema) });
    }
  }
  return slots;
}

/** The request of a slot with `value` in it: the URL (query or path) and the JSON body. */
export function requestWith(slot: IntegerSlot, doc: ApiDocument, value: unknown): { url: string; body: Record<string, unknown> | undefined } {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(slot.query)) if (k !== slot.name || slot.where !== 'query') query.set(k, String(v));
  if (slot.where === 'query') query.set(slot.name, String(value));
  let path = slot.path;
  if (slot.where === 'path') path = path.replace(`{${slot.name}}`, encodeURIComponent(String(value)));
  const schema = (doc.paths[slot.path]![slot.method.toLowerCase()] as Operation).requestBody?.content['application/json']?.schema;
  const body = slot.where === 'body' && slot.body && schema ? withValueAt(slot.body, schema, slot.name.split('.'), value) : slot.body;
  const search = query.toString();
  return { url: search ? `${path}?${search}` : path, body };
}
