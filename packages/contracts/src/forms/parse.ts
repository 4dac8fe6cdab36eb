import { FORM_WIDTH_PATTERN, FORM_SCHEMA_VERSION, type FormField, type FormFieldKind, type FormSchema, type FormValueField } from './types.ts';
import { FORM_FIELD_KINDS, formKindDescriptor, isFormValueKind } from './kinds/index.ts';
import { FORM_ITEM_KEYS, FORM_VALUE_KEYS, type KindReadContext } from './kinds/descriptor.ts';
import { isFormValueField } from './states.ts';
import { isFormFieldEmpty, shapeProblem } from './rules.ts';
import { at, FORM_SCHEMA_LIMITS, isObj, NAME_RE, Problems, Reader, show, type FormSchemaParse } from './parseReader.ts';
import { FORM_CODE_NAME_KEYS, formCodeNameProblem, formCodeNameProblemText, type FormCodeNameKey } from './codeNames.ts';
import { readLinkage, readOptions, readRules } from './parseParts.ts';

// Parsing (version 2): a whole schema, field by field; each kind reads its own keys (kinds/).

/** 表单名, 表单模型, 校验模型: identifiers that are no reserved word, no other name of the generated file, and differ. */
function readCodeNames(r: Reader, schema: FormSchema) {
  const given: Partial<Record<FormCodeNameKey, string>> = {};
  for (const key of FORM_CODE_NAME_KEYS) {
    const v = r.o[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') r.p.add(key, `must be a JavaScript identifier, not ${show(v)}`);
    else given[key] = v;
  }
  for (const key of FORM_CODE_NAME_KEYS) {
    const name = given[key];
    if (name === undefined) continue;
    const problem = formCodeNameProblem(key, name, given);
    if (problem) r.p.add(key, `${formCodeNameProblemText(problem)}, not ${show(name)}`);
    else schema[key] = name;
  }
}

interface ParseContext {
  p: Problems;
  count: number;
  optionCount: { n: number };
  /** instructions of the form's patterns compiled so far (FORM_PATTERN_LIMITS.formInstructions) */
  patternInstructions: { n: number };
  /** where each name was first used */
  names: Map<string, string>;
  /** [path of the reference, name, the field that refers] — checked once every name is known */
  refs: [string, string, string][];
  /** kinds by field name, for references that must name a value field */
  kinds: Map<string, FormFieldKind>;
}

function readField(v: unknown, path: string, ctx: ParseContext, depth: number): FormField | undefined {
  const { p } = ctx;
  if (++ctx.count > FORM_SCHEMA_LIMITS.items) {
    if (ctx.count === FORM_SCHEMA_LIMITS.items + 1) p.add(path, `more than ${FORM_SCHEMA_LIMITS.items} fields`);
    return undefined;
  }
  if (!isObj(v)) {
    p.add(path, `must be a field object, not ${show(v)}`);
    return undefined;
  }
  const r = new Reader(v, path, p);
  const kind = r.oneOf('kind', FORM_FIELD_KINDS, true);
  if (!kind) return undefined;
  const descriptor = formKindDescriptor(kind)!;
  const layout = descriptor.layout;
  r.keys([...(layout ? FORM_ITEM_KEYS : FORM_VALUE_KEYS), ...descriptor.keys]);
  const name = r.str('name', {
    required: true,
    max: FORM_SCHEMA_LIMITS.nameLength,
    re: NAME_RE,
    what: 'a field name (letters, digits, _ or $, not starting with a digit)',
  });
  if (name !== undefined) {
    const first = ctx.names.get(name);
    if (first) p.add(at(path, 'name'), `${show(name)} is already the name of ${first}`);
    else {
      ctx.names.set(name, path);
      ctx.kinds.set(name, kind);
    }
  }
  const base: Record<string, unknown> = { kind, name };
  base.label = r.text('label', !layout) ?? { zh: '' };
  const span = r.num('span', 1, 24, true);
  if (span !== undefined) base.span = span;
  const showLabel = r.bool('showLabel');
  if (showLabel !== undefined) base.showLabel = showLabel;
  const labelWidth = r.num('labelWidth', 0, 1000);
  if (labelWidth !== undefined) base.labelWidth = labelWidth;
  const linkage = readLinkage(v.linkage, at(path, 'linkage'), p);
  if (linkage?.length) {
    base.linkage = linkage;
    linkage.forEach((l, i) => ctx.refs.push([at(at(at(path, 'linkage'), i), 'when.field'), l.when.field, name ?? '']));
  }

  if (!descriptor.layout) {
    if (v.defaultValue !== undefined) base.defaultValue = v.defaultValue;
    const placeholder = r.text('placeholder');
    if (placeholder) base.placeholder = placeholder;
    const width = r.str('width', { re: FORM_WIDTH_PATTERN, what: 'a width in px or % ("240px", "50%")' });
    if (width !== undefined) base.width = width;
    for (const k of ['disabled', 'readonly'] as const) {
      const b = r.bool(k);
      if (b !== undefined) base[k] = b;
    }
    const rules = readRules(v.rules, descriptor, at(path, 'rules'), p, {
      field: typeof v.name === 'string' ? v.name : '',
      instructions: ctx.patternInstructions,
    });
    if (rules && Object.keys(rules).length) base.rules = rules;
  }

  const put = (key: string, value: unknown) => {
    if (value !== undefined) base[key] = value;
  };
  const c: KindReadContext = {
    r,
    put,
    options() {
      const options = readOptions(v.options, at(path, 'options'), p, ctx.optionCount);
      if (options && !Array.isArray(options) && options.from === 'table' && options.dependsOn) {
        ctx.refs.push([at(path, 'options.dependsOn.field'), options.dependsOn.field, name ?? '']);
      }
      return options ?? [];
    },
    children(key) {
      const cpath = at(path, key);
      const list = v[key];
      if (!Array.isArray(list)) {
        p.add(cpath, list === undefined ? 'is required (a list of fields)' : `must be a list, not ${show(list)}`);
        return [];
      }
      if (depth >= FORM_SCHEMA_LIMITS.depth) {
        p.add(cpath, `rows nest deeper than ${FORM_SCHEMA_LIMITS.depth} levels`);
        return [];
      }
      return list.map((item, i) => readField(item, at(cpath, i), ctx, depth + 1)).filter((f): f is FormField => !!f);
    },
  };
  descriptor.read(c);
  return base as unknown as FormField;
}

/** The default value's shape, checked like a submitted value (a default the form would refuse is a schema problem). */
function checkDefault(field: FormValueField, path: string, p: Problems) {
  if (field.defaultValue === undefined || isFormFieldEmpty(field, field.defaultValue)) return;
  const shape = shapeProblem(field, field.defaultValue);
  if (shape) p.add(at(path, 'defaultValue'), `${show(field.defaultValue)} is not a value of a ${field.kind} field`);
}

/**
 * Checks a version 2 schema: every key known, every value of its type, names unique, linkage and dependent
 * dropdowns naming fields of the form, regular expressions that compile. Answers a clean copy, or the problems
 * as "path: what is wrong" (at most 100).
 */
export function parseFormSchema(input: unknown): FormSchemaParse {
  const p = new Problems();
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      return { ok: false, problems: ['(root): not JSON'] };
    }
  }
  if (!isObj(input)) return { ok: false, problems: [`(root): must be an object, not ${show(input)}`] };
  if (input.version !== FORM_SCHEMA_VERSION) {
    return { ok: false, problems: [`version: must be ${FORM_SCHEMA_VERSION}, not ${show(input.version)} (migrateFormSchema upgrades version 1)`] };
  }
  const r = new Reader(input, '', p);
  r.keys([
    'version',
    'labelWidth',
    'labelPosition',
    'size',
    'gutter',
    'disabled',
    'span',
    'buttons',
    'unFocusedComponentBorder',
    ...FORM_CODE_NAME_KEYS,
    'fields',
  ]);
  const schema = { version: FORM_SCHEMA_VERSION } as FormSchema;
  const put = <K extends keyof FormSchema>(key: K, value: FormSchema[K] | undefined) => {
    if (value !== undefined) schema[key] = value;
  };
  put('labelWidth', r.num('labelWidth', 0, 1000));
  put('labelPosition', r.oneOf('labelPosition', ['left', 'right', 'top'] as const));
  put('size', r.oneOf('size', ['large', 'middle', 'small'] as const));
  put('gutter', r.num('gutter', 0, 100));
  put('disabled', r.bool('disabled'));
  put('span', r.num('span', 1, 24, true));
  put('buttons', r.bool('buttons'));
  put('unFocusedComponentBorder', r.bool('unFocusedComponentBorder'));
  readCodeNames(r, schema);
  const ctx: ParseContext = { p, count: 0, optionCount: { n: 0 }, patternInstructions: { n: 0 }, names: new Map(), refs: [], kinds: new Map() };
  schema.fields = [];
  if (!Array.isArray(input.fields))
    p.add('fields', input.fields === undefined ? 'is required (a list of fields)' : `must be a list, not ${show(input.fields)}`);
  else schema.fields = input.fields.map((f, i) => readField(f, at('fields', i), ctx, 1)).filter((f): f is FormField => !!f);

  for (const [path, name, from] of ctx.refs) {
    const kind = ctx.kinds.get(name);
    if (!kind) p.add(path, `no field is named ${show(name)}`);
    else if (!isFormValueKind(kind)) p.add(path, `${show(name)} is a ${kind}, which holds no value`);
    else if (name === from) p.add(path, 'a field cannot depend on itself');
  }
  const walk = (list: FormField[], path: string) =>
    list.forEach((f, i) => {
      const kind = formKindDescriptor(f.kind)!;
      if (kind.children) walk(kind.children(f) as FormField[], at(at(path, i), 'children'));
      else if (isFormValueField(f)) checkDefault(f, at(path, i), p);
    });
  if (p.list.length === 0) walk(schema.fields, 'fields');
  return p.list.length ? { ok: false, problems: p.list } : { ok: true, schema };
}
