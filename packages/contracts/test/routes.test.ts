import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, errorEnvelope, ERROR_CODE_EXAMPLES, type EndpointName } from '../src/api/index.ts';

const names = Object.keys(api) as EndpointName[];

/** The route declarations (each contracts file's record, joined in api/routes.ts): each call once, each with its schemas. */
describe('route declarations', () => {
  it('give every call a method and path no other call has', () => {
    const seen = new Map<string, string>();
    for (const name of names) {
      const { method, path: url } = api[name];
      const key = `${method} ${url}`;
      expect(seen.get(key), `${name} and ${seen.get(key)} are both ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('give each call a path under /api/ and a schema of its own, with a summary, tags and an answer', () => {
    const owners = new Map<object, string>();
    for (const name of names) {
      const route = api[name];
      expect(route.path, name).toMatch(/^\/api\/[A-Za-z0-9/:._-]*$/);
      expect(route.summary.trim(), name).not.toBe('');
      expect(route.tags.length, name).toBeGreaterThan(0);
      expect(Object.keys(route.response).length, name).toBeGreaterThan(0);
      expect(owners.get(route), `${name} shares its schema with ${owners.get(route)}`).toBeUndefined();
      owners.set(route, name);
    }
  });

  it("are every record of the folder: a file's record of calls not joined into the api map fails here", async () => {
    const folder = new URL('../src/api/', import.meta.url);
    const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && f !== 'routes.ts' && f !== 'index.ts' && f !== 'endpointsModule.ts');
    const modules = Object.fromEntries(
      await Promise.all(files.map(async (f) => [f, (await import(new URL(f, folder).href)) as Record<string, unknown>] as const)),
    );
    const declared = new Set(Object.values(api));
    const unjoined: string[] = [];
    let records = 0;
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!value || typeof value !== 'object') continue;
        const entries = Object.entries(value);
        // a record of calls: each value a declaration (method, path, answer)
        if (!entries.length || !entries.every(([, r]) => r && typeof r === 'object' && 'method' in r && 'path' in r && 'response' in r)) continue;
        records++;
        for (const [call, route] of entries) if (!declared.has(route as never)) unjoined.push(`${file} ${name}.${call}`);
      }
    }
    expect(unjoined).toEqual([]);
    // the walk found the records (one that found none would prove nothing)
    expect(records).toBeGreaterThan(8);
  });

  it('declare the public calls the login needs, and no write as public', () => {
    const open = names.filter((name) => 'public' in api[name]);
    expect(open).toEqual(expect.arrayContaining(['captcha', 'login']));
    for (const name of open) expect(`${name} ${api[name].method}`).not.toMatch(/^(save|delete|masterSlave|userSave)\b/);
  });
});

/** The zod schemas a route is made of, with every schema nested in them (object fields, list items, unions…). */
function* schemasIn(schema: z.ZodType, seen = new Set<z.ZodType>()): Generator<z.ZodType> {
  if (seen.has(schema)) return;
  seen.add(schema);
  yield schema;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner: unknown[] = [def.innerType, def.element, def.in, def.out, def.keyType, def.valueType, def.left, def.right, def.rest];
  if (def.shape) inner.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) inner.push(...def.options);
  if (Array.isArray(def.items)) inner.push(...def.items);
  for (const s of inner) if (s && typeof s === 'object' && '_zod' in s) yield* schemasIn(s as z.ZodType, seen);
}

function routeParts(name: EndpointName): [string, z.ZodType][] {
  const route = api[name] as unknown as Record<string, unknown> & { response: Record<string, unknown> };
  const parts: [string, unknown][] = [
    ['querystring', route.querystring],
    ['params', route.params],
    ['body', route.body],
    ...Object.entries(route.response).map(([status, r]): [string, unknown] => [`response ${status}`, r]),
  ];
  return parts.flatMap(([part, s]) => {
    if (!s || typeof s !== 'object') return [];
    if ('_zod' in s) return [[part, s as z.ZodType]];
    // a described answer ({ description, content }): the schema of each media type
    const content = (s as { content?: Record<string, { schema: z.ZodType }> }).content ?? {};
    return Object.entries(content).map(([type, c]): [string, z.ZodType] => [`${part} ${type}`, c.schema]);
  });
}

describe('the examples the API document shows', () => {
  it('are values their own schemas take, in every part of every route', () => {
    const wrong: string[] = [];
    let examples = 0;
    for (const name of names) {
      for (const [part, schema] of routeParts(name)) {
        for (const s of schemasIn(schema)) {
          for (const example of (s.meta()?.examples as unknown[] | undefined) ?? []) {
            examples++;
            const parsed = s.safeParse(example);
            if (!parsed.success) wrong.push(`${name} ${part}: ${JSON.stringify(example)}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // the document does show examples (a walk that found none would prove nothing)
    expect(examples).toBeGreaterThan(20);
  });

  it('an answer of each kind parses: a page of rows with its total, an empty success, the failure envelope with each code', () => {
    const select = api.select.response[200] as z.ZodType;
    expect(select.safeParse({ status: 200, success: true, message: '查询成功', data: [{ id: 1, name: '科目一' }], total: 1 }).success).toBe(true);
    expect(select.safeParse({ status: 200, success: true, message: '查询成功', data: [{ id: 1 }] }).success).toBe(false);
    const logout = api.logout.response[200] as z.ZodType;
    expect(logout.safeParse({ status: 200, success: true, message: '退出成功' }).success).toBe(true);
    for (const code of ERROR_CODE_EXAMPLES) {
      expect(errorEnvelope.safeParse({ status: false, success: false, message: '参数不正确', code }).success, code).toBe(true);
    }
    expect(errorEnvelope.safeParse({ status: false, success: true, message: 'x', code: 'INTERNAL' }).success).toBe(false);
  });
});
