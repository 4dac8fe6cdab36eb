import {
  FORM_LINKAGE_EFFECTS,
  FORM_LINKAGE_OPS,
  FORM_SIZE_UNITS,
  FORM_UPLOAD_ACCEPTS,
  type FormLinkage,
  type FormOption,
  type FormOptionsSource,
  type FormPatternRule,
  type FormRules,
  type FormScalar,
  type FormTableOptions,
  type FormUrlOptions,
} from './types.ts';
import type { ValueKindDescriptor } from './kinds/descriptor.ts';
import { FORM_OPTION_METHODS, formOptionUrlProblem } from './optionUrls.ts';
import { compileFormPattern, FORM_PATTERN_LIMITS } from './patternEngine.ts';
import { at, COLUMN_RE, DATA_PATH_RE, FORM_SCHEMA_LIMITS, isObj, NAME_RE, Problems, Reader, show } from './parseReader.ts';
import { readScalar } from './kinds/shared.ts';

// Parsing (version 2): the rules, option sources and linkage of a field.

const TEXT_LIMIT = 1_000_000;

/** The field a rule belongs to (named in pattern problems) and the form's pattern instructions so far. */
export interface RulesContext {
  field: string;
  instructions: { n: number };
}

export function readRules(
  v: unknown,
  descriptor: Pick<ValueKindDescriptor, 'kind' | 'rules' | 'countsItems'>,
  path: string,
  p: Problems,
  ctx: RulesContext = { field: '', instructions: { n: 0 } },
): FormRules | undefined {
  if (v === undefined) return undefined;
  if (!isObj(v)) {
    p.add(path, `must be an object, not ${show(v)}`);
    return undefined;
  }
  const kind = descriptor.kind;
  const allowed: string[] = ['required', 'requiredMessage', ...descriptor.rules];
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k))
      p.add(
        at(path, k),
        ['minLength', 'maxLength', 'patterns', 'min', 'max', 'accept', 'maxSize'].includes(k) ? `is not a rule of a ${kind} field` : 'unknown key',
      );
  }
  const r = new Reader(v, path, p);
  const rules: FormRules = {};
  const required = r.bool('required');
  if (required !== undefined) rules.required = required;
  const requiredMessage = r.text('requiredMessage');
  if (requiredMessage) rules.requiredMessage = requiredMessage;
  if (allowed.includes('minLength')) {
    const lo = r.num('minLength', 0, TEXT_LIMIT, true);
    const hi = r.num('maxLength', 1, TEXT_LIMIT, true);
    if (lo !== undefined) rules.minLength = lo;
    if (hi !== undefined) rules.maxLength = hi;
    if (lo !== undefined && hi !== undefined && lo > hi) p.add(at(path, 'minLength'), `is more than maxLength (${lo} > ${hi})`);
  }
  if (allowed.includes('min')) {
    const counted = !!descriptor.countsItems;
    const lo = r.num('min', counted ? 0 : -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, counted);
    const hi = r.num('max', counted ? 0 : -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, counted);
    if (lo !== undefined) rules.min = lo;
    if (hi !== undefined) rules.max = hi;
    if (lo !== undefined && hi !== undefined && lo > hi) p.add(at(path, 'min'), `is more than max (${lo} > ${hi})`);
  }
  if (allowed.includes('patterns') && v.patterns !== undefined) {
    if (!Array.isArray(v.patterns)) p.add(at(path, 'patterns'), `must be a list, not ${show(v.patterns)}`);
    else if (v.patterns.length > FORM_PATTERN_LIMITS.perField) p.add(at(path, 'patterns'), `more than ${FORM_PATTERN_LIMITS.perField} patterns`);
    else {
      const patterns: FormPatternRule[] = [];
      v.patterns.forEach((item, i) => {
        const ipath = at(at(path, 'patterns'), i);
        if (!isObj(item)) return p.add(ipath, `must be { "regex": "…", "message": {…} }, not ${show(item)}`);
        const pr = new Reader(item, ipath, p);
        pr.keys(['regex', 'flags', 'message']);
        const regex = pr.str('regex', { required: true, max: FORM_SCHEMA_LIMITS.regexLength, what: 'the source of a regular expression' });
        const flags = pr.str('flags', { max: 6, re: /^(?!.*(.).*\1)[gimsuy]*$/, what: 'regular expression flags (g, i, m, s, u, y, each once)' });
        const message = pr.text('message');
        if (regex === undefined) return;
        try {
          new RegExp(regex, flags ?? '');
        } catch (error) {
          return p.add(at(ipath, 'regex'), `is not a valid regular expression (${(error as Error).message})`);
        }
        // every pattern runs in the linear-time engine: what it cannot run is refused here, on every write path
        const compiled = compileFormPattern({ regex, flags });
        const named = `the pattern ${show(regex)}${ctx.field ? ` of field ${ctx.field}` : ''}`;
        if (!compiled.ok) return p.add(at(ipath, 'regex'), `${named} ${compiled.reason}`);
        ctx.instructions.n += compiled.program.instructions;
        if (ctx.instructions.n > FORM_PATTERN_LIMITS.formInstructions) {
          return p.add(at(ipath, 'regex'), `${named} makes the form's patterns larger than ${FORM_PATTERN_LIMITS.formInstructions} instructions once compiled`);
        }
        patterns.push({ regex, ...(flags ? { flags } : {}), ...(message ? { message } : {}) });
      });
      if (patterns.length) rules.patterns = patterns;
    }
  }
  if (allowed.includes('accept') && v.accept !== undefined) {
    if (!Array.isArray(v.accept)) p.add(at(path, 'accept'), `must be a list, not ${show(v.accept)}`);
    else {
      const names = Object.keys(FORM_UPLOAD_ACCEPTS);
      const accept: string[] = [];
      v.accept.forEach((a, i) => {
        if (typeof a === 'string' && (names.includes(a) || /^\.[A-Za-z0-9]{1,10}$/.test(a))) accept.push(a);
        else p.add(at(at(path, 'accept'), i), `must be one of ${names.join(', ')} or an extension like ".pdf", not ${show(a)}`);
      });
      if (accept.length) rules.accept = accept;
    }
  }
  if (allowed.includes('maxSize') && v.maxSize !== undefined) {
    const mpath = at(path, 'maxSize');
    if (!isObj(v.maxSize)) p.add(mpath, `must be { "value": 2, "unit": "MB" }, not ${show(v.maxSize)}`);
    else {
      const mr = new Reader(v.maxSize, mpath, p);
      mr.keys(['value', 'unit']);
      const value = mr.num('value', 0.001, 1024 * 1024);
      const unit = mr.oneOf('unit', FORM_SIZE_UNITS, true);
      if (v.maxSize.value === undefined) p.add(at(mpath, 'value'), 'is required');
      if (value !== undefined && unit) rules.maxSize = { value, unit };
    }
  }
  return rules;
}

export function readOptions(v: unknown, path: string, p: Problems, count: { n: number }): FormOptionsSource | undefined {
  if (v === undefined) {
    p.add(path, 'is required (a list, { "from": "table", … } or { "from": "url", … })');
    return undefined;
  }
  if (Array.isArray(v)) return readOptionList(v, path, p, 1, count);
  if (!isObj(v)) {
    p.add(path, `must be a list or { "from": "table" | "url", … }, not ${show(v)}`);
    return undefined;
  }
  const r = new Reader(v, path, p);
  const from = r.oneOf('from', ['table', 'url'] as const, true);
  if (from === 'table') {
    r.keys(['from', 'flag', 'valueField', 'labelField', 'parentField', 'sort', 'dependsOn']);
    const flag = r.str('flag', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a table flag' });
    const valueField = r.str('valueField', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a column name' });
    const labelField = r.str('labelField', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a column name' });
    const parentField = r.str('parentField', { max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a column name' });
    const sort = r.str('sort', { max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a column name' });
    let dependsOn: FormTableOptions['dependsOn'];
    if (v.dependsOn !== undefined) {
      const dpath = at(path, 'dependsOn');
      if (!isObj(v.dependsOn)) p.add(dpath, `must be { "field": "…", "whereField": "…" }, not ${show(v.dependsOn)}`);
      else {
        const dr = new Reader(v.dependsOn, dpath, p);
        dr.keys(['field', 'whereField']);
        const field = dr.str('field', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: NAME_RE, what: 'a field name' });
        const whereField = dr.str('whereField', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: COLUMN_RE, what: 'a column name' });
        if (field && whereField) dependsOn = { field, whereField };
      }
    }
    if (!flag || !valueField || !labelField) return undefined;
    return { from, flag, valueField, labelField, ...(parentField ? { parentField } : {}), ...(sort ? { sort } : {}), ...(dependsOn ? { dependsOn } : {}) };
  }
  if (from === 'url') {
    r.keys(['from', 'url', 'method', 'dataPath', 'labelField', 'valueField', 'childrenField']);
    const url = r.str('url', { required: true, max: 2000, what: 'a path of this server' });
    const urlProblem = url === undefined ? undefined : formOptionUrlProblem(url);
    if (urlProblem) p.add(at(path, 'url'), `${urlProblem}, not ${show(url)}`);
    // a stored post/put/delete of an earlier release is refused too: reading options must not change anything
    const method = r.oneOf('method', FORM_OPTION_METHODS, true);
    const dataPath = r.str('dataPath', { max: 200, re: DATA_PATH_RE, what: 'a dotted path like data.list' });
    const fields: Partial<FormUrlOptions> = {};
    for (const k of ['labelField', 'valueField', 'childrenField'] as const) {
      const f = r.str(k, { max: FORM_SCHEMA_LIMITS.nameLength, re: /^[\w$]+$/, what: 'a property name' });
      if (f) fields[k] = f;
    }
    if (!url || !method || urlProblem) return undefined;
    return { from, url, method, ...(dataPath ? { dataPath } : {}), ...fields };
  }
  return undefined;
}

function readOptionList(list: unknown[], path: string, p: Problems, depth: number, count: { n: number }): FormOption[] {
  if (depth > FORM_SCHEMA_LIMITS.optionDepth) {
    p.add(path, `options nest deeper than ${FORM_SCHEMA_LIMITS.optionDepth} levels`);
    return [];
  }
  const out: FormOption[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const ipath = at(path, i);
    if (++count.n > FORM_SCHEMA_LIMITS.options) {
      if (count.n === FORM_SCHEMA_LIMITS.options + 1) p.add(ipath, `more than ${FORM_SCHEMA_LIMITS.options} options`);
      return;
    }
    if (!isObj(item)) return p.add(ipath, `must be { "label": {…}, "value": … }, not ${show(item)}`);
    const r = new Reader(item, ipath, p);
    r.keys(['label', 'value', 'disabled', 'children']);
    const label = r.text('label', true);
    const value = item.value;
    if (!(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) {
      p.add(at(ipath, 'value'), value === undefined ? 'is required' : `must be text or a number, not ${show(value)}`);
      return;
    }
    if (seen.has(String(value))) p.add(at(ipath, 'value'), `${show(value)} is used twice`);
    seen.add(String(value));
    const disabled = r.bool('disabled');
    let children: FormOption[] | undefined;
    if (item.children !== undefined) {
      if (!Array.isArray(item.children)) p.add(at(ipath, 'children'), `must be a list, not ${show(item.children)}`);
      else if (item.children.length) children = readOptionList(item.children, at(ipath, 'children'), p, depth + 1, count);
    }
    if (label) out.push({ label, value, ...(disabled ? { disabled } : {}), ...(children ? { children } : {}) });
  });
  return out;
}

export function readLinkage(v: unknown, path: string, p: Problems): FormLinkage[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    p.add(path, `must be a list, not ${show(v)}`);
    return undefined;
  }
  const out: FormLinkage[] = [];
  v.forEach((item, i) => {
    const ipath = at(path, i);
    if (!isObj(item)) return p.add(ipath, `must be { "when": {…}, "then": "…" }, not ${show(item)}`);
    const r = new Reader(item, ipath, p);
    r.keys(['when', 'then']);
    const then = r.oneOf('then', FORM_LINKAGE_EFFECTS, true);
    const wpath = at(ipath, 'when');
    if (!isObj(item.when)) return p.add(wpath, item.when === undefined ? 'is required' : `must be { "field": "…", "op": "…" }, not ${show(item.when)}`);
    const wr = new Reader(item.when, wpath, p);
    wr.keys(['field', 'op', 'value']);
    const field = wr.str('field', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: NAME_RE, what: 'a field name' });
    const op = wr.oneOf('op', FORM_LINKAGE_OPS, true);
    const value = item.when.value;
    if (op === 'equals' && !readScalar(value))
      p.add(at(wpath, 'value'), value === undefined ? 'is required for equals' : `must be text, a number or true/false, not ${show(value)}`);
    if (op === 'in' && !(Array.isArray(value) && value.length > 0 && value.every(readScalar)))
      p.add(at(wpath, 'value'), 'must be a non-empty list of texts, numbers or true/false for in');
    if ((op === 'filled' || op === 'empty') && value !== undefined) p.add(at(wpath, 'value'), `is not used with ${op}`);
    if (!then || !field || !op) return;
    const when: FormLinkage['when'] = { field, op };
    if (op === 'equals' || op === 'in') when.value = value as FormScalar | FormScalar[];
    out.push({ when, then });
  });
  return out;
}
