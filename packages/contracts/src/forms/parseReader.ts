import type { FormSchema, FormText } from './types.ts';

// Parsing (version 2): the problem list, and a reader of one object that names every bad key by its path.

export type FormSchemaParse = { ok: true; schema: FormSchema } | { ok: false; problems: string[] };

/** Thrown by migrateFormSchema; `problems` are "path: what is wrong". */
export class FormSchemaError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`form schema refused: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`);
    this.name = 'FormSchemaError';
    this.problems = problems;
  }
}

export const FORM_SCHEMA_LIMITS = {
  items: 500,
  depth: 5,
  options: 5000,
  optionDepth: 6,
  nameLength: 64,
  textLength: 500,
  regexLength: 500,
  problems: 100,
} as const;

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
// `__proto__` is refused: a value stored under it on a plain object would replace the object's prototype
export const NAME_RE = /^(?!__proto__$)[A-Za-z_$][\w$]*$/;
export const COLUMN_RE = /^[A-Za-z_][\w]*$/;
export const DATA_PATH_RE = /^[\w$]+(\.[\w$]+)*$/;

export class Problems {
  readonly list: string[] = [];
  add(path: string, message: string) {
    if (this.list.length < FORM_SCHEMA_LIMITS.problems) this.list.push(`${path}: ${message}`);
  }
}

export const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};
export const at = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export class Reader {
  constructor(
    readonly o: Obj,
    readonly path: string,
    readonly p: Problems,
  ) {}
  keys(allowed: readonly string[]) {
    for (const k of Object.keys(this.o)) if (!allowed.includes(k)) this.p.add(at(this.path, k), 'unknown key');
  }
  has(key: string) {
    return this.o[key] !== undefined;
  }
  bool(key: string): boolean | undefined {
    const v = this.o[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') this.p.add(at(this.path, key), `must be true or false, not ${show(v)}`);
    return typeof v === 'boolean' ? v : undefined;
  }
  num(key: string, min: number, max: number, integer = false): number | undefined {
    const v = this.o[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < min || v > max) {
      this.p.add(at(this.path, key), `must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not ${show(v)}`);
      return undefined;
    }
    return v;
  }
  str(key: string, opts: { required?: boolean; max?: number; re?: RegExp; what?: string } = {}): string | undefined {
    const v = this.o[key];
    if (v === undefined) {
      if (opts.required) this.p.add(at(this.path, key), 'is required');
      return undefined;
    }
    const max = opts.max ?? FORM_SCHEMA_LIMITS.textLength;
    if (typeof v !== 'string' || (opts.required && v === '')) this.p.add(at(this.path, key), `must be ${opts.what ?? 'text'}, not ${show(v)}`);
    else if (v.length > max) this.p.add(at(this.path, key), `is longer than ${max} characters`);
    else if (opts.re && !opts.re.test(v)) this.p.add(at(this.path, key), `must be ${opts.what ?? 'text'}, not ${show(v)}`);
    else return v;
    return undefined;
  }
  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const v = this.o[key];
    if (v === undefined) {
      if (required) this.p.add(at(this.path, key), `is required (one of ${values.join(', ')})`);
      return undefined;
    }
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      this.p.add(at(this.path, key), `must be one of ${values.join(', ')}, not ${show(v)}`);
      return undefined;
    }
    return v as T;
  }
  text(key: string, required = false): FormText | undefined {
    return readText(this.o[key], at(this.path, key), this.p, required);
  }
}

/** A FormText; a plain string is taken as its Chinese. */
function readText(v: unknown, path: string, p: Problems, required: boolean): FormText | undefined {
  if (v === undefined) {
    if (required) p.add(path, 'is required ({ "zh": "…", "en": "…" })');
    return undefined;
  }
  if (typeof v === 'string') {
    if (v.length > FORM_SCHEMA_LIMITS.textLength) p.add(path, `is longer than ${FORM_SCHEMA_LIMITS.textLength} characters`);
    else if (required && v.trim() === '') p.add(path, 'must not be empty');
    else return { zh: v };
    return undefined;
  }
  if (!isObj(v)) {
    p.add(path, `must be { "zh": "…", "en": "…" }, not ${show(v)}`);
    return undefined;
  }
  const r = new Reader(v, path, p);
  r.keys(['zh', 'en']);
  if (v.zh === undefined) p.add(at(path, 'zh'), 'is required');
  const zh = r.str('zh');
  const en = r.str('en');
  if (zh === undefined) return undefined;
  if (required && zh.trim() === '') {
    p.add(at(path, 'zh'), 'must not be empty');
    return undefined;
  }
  return en ? { zh, en } : { zh };
}
