import {
  FORM_BUTTON_TYPES,
  FORM_WIDTH_PATTERN,
  FORM_DATE_RANGE_TYPES,
  FORM_DATE_TYPES,
  FORM_FIELD_KINDS,
  FORM_ICONS,
  FORM_LAYOUT_KINDS,
  FORM_SCHEMA_VERSION,
  FORM_UPLOAD_ACTION,
  type FormField,
  type FormFieldKind,
  type FormIcon,
  type FormSchema,
  type FormTableField,
  type FormValueField,
  type FormValueKind,
} from './types.ts';
import { isFormValueField } from './states.ts';
import { isFormFieldEmpty, shapeProblem } from './rules.ts';
import { at, FORM_SCHEMA_LIMITS, isObj, NAME_RE, Problems, Reader, show, type FormSchemaParse } from './parseReader.ts';
import { FORM_CODE_NAME_KEYS, formCodeNameProblem, formCodeNameProblemText, type FormCodeNameKey } from './codeNames.ts';
import { formUploadActionProblem, formUploadFieldNameProblem } from './optionUrls.ts';
import { readLinkage, readOptions, readRules, readScalar } from './parseParts.ts';

// Parsing (version 2): a whole schema, field by field.

const COMMON_KEYS = ['kind', 'name', 'label', 'span', 'showLabel', 'labelWidth', 'linkage'];
const VALUE_KEYS = [...COMMON_KEYS, 'defaultValue', 'placeholder', 'width', 'disabled', 'readonly', 'rules'];
const KIND_KEYS: Record<FormFieldKind, string[]> = {
  text: ['prepend', 'append', 'prefixIcon', 'suffixIcon', 'clearable', 'showCount'],
  textarea: ['rows', 'showCount'],
  password: ['showCount', 'prefixIcon', 'suffixIcon'],
  number: ['step', 'precision'],
  richText: ['height'],
  select: ['options', 'multiple', 'filterable'],
  cascader: ['options', 'multiple', 'changeOnSelect', 'emitPath'],
  radio: ['options', 'button', 'border'],
  checkbox: ['options', 'border'],
  switch: ['activeValue', 'inactiveValue', 'activeText', 'inactiveText'],
  slider: ['step', 'range', 'showStops'],
  time: ['format'],
  timeRange: ['format', 'startPlaceholder', 'endPlaceholder'],
  date: ['type', 'format'],
  dateRange: ['type', 'format', 'startPlaceholder', 'endPlaceholder'],
  rate: ['count', 'allowHalf', 'showText', 'showScore'],
  color: ['format', 'alpha'],
  upload: ['listType', 'multiple', 'limit', 'buttonText', 'showTip', 'action', 'fieldName', 'autoUpload'],
  row: ['children', 'gutter', 'justify', 'align'],
  button: ['text', 'icon', 'buttonType', 'size', 'action', 'disabled'],
  table: ['columns'],
};

/** An icon key: a name of FORM_ICONS (the list is long, so the problem names it instead of spelling it out). */
function readIcon(r: Reader, key: string): FormIcon | undefined {
  const v = r.o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(FORM_ICONS as readonly string[]).includes(v)) {
    r.p.add(at(r.path, key), `must be an icon of the list (FORM_ICONS, e.g. "UserOutlined"), not ${show(v)}`);
    return undefined;
  }
  return v as FormIcon;
}

/** 上传地址 and 文件字段名 within FORM_UPLOAD_ROUTES (a stored form never sends a viewer's files elsewhere), 自动上传. */
function readUploadTarget(r: Reader, put: (key: string, value: unknown) => void) {
  const action = r.str('action', { what: 'an upload route of this server' });
  const actionProblem = action === undefined ? undefined : formUploadActionProblem(action);
  if (actionProblem) r.p.add(at(r.path, 'action'), `${actionProblem}, not ${show(action)}`);
  else put('action', action);
  const fieldName = r.str('fieldName', { what: 'a multipart field name' });
  const route = actionProblem ? undefined : (action ?? FORM_UPLOAD_ACTION);
  if (fieldName !== undefined && route !== undefined) {
    const problem = formUploadFieldNameProblem(route, fieldName);
    if (problem) r.p.add(at(r.path, 'fieldName'), `${problem}, not ${show(fieldName)}`);
    else put('fieldName', fieldName);
  }
  put('autoUpload', r.bool('autoUpload'));
}

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
  const layout = (FORM_LAYOUT_KINDS as readonly string[]).includes(kind);
  r.keys([...(layout ? COMMON_KEYS : VALUE_KEYS), ...KIND_KEYS[kind]]);
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

  if (!layout) {
    if (v.defaultValue !== undefined) base.defaultValue = v.defaultValue;
    const placeholder = r.text('placeholder');
    if (placeholder) base.placeholder = placeholder;
    const width = r.str('width', { re: FORM_WIDTH_PATTERN, what: 'a width in px or % ("240px", "50%")' });
    if (width !== undefined) base.width = width;
    for (const k of ['disabled', 'readonly'] as const) {
      const b = r.bool(k);
      if (b !== undefined) base[k] = b;
    }
    const rules = readRules(v.rules, kind as FormValueKind, at(path, 'rules'), p, {
      field: typeof v.name === 'string' ? v.name : '',
      instructions: ctx.patternInstructions,
    });
    if (rules && Object.keys(rules).length) base.rules = rules;
  }

  const put = (key: string, value: unknown) => {
    if (value !== undefined) base[key] = value;
  };
  switch (kind) {
    case 'text':
      put('prepend', r.text('prepend'));
      put('append', r.text('append'));
      put('prefixIcon', readIcon(r, 'prefixIcon'));
      put('suffixIcon', readIcon(r, 'suffixIcon'));
      put('clearable', r.bool('clearable'));
      put('showCount', r.bool('showCount'));
      break;
    case 'textarea':
      put('rows', r.num('rows', 1, 100, true));
      put('showCount', r.bool('showCount'));
      break;
    case 'password':
      put('showCount', r.bool('showCount'));
      put('prefixIcon', readIcon(r, 'prefixIcon'));
      put('suffixIcon', readIcon(r, 'suffixIcon'));
      break;
    case 'number':
      put('step', r.num('step', Number.MIN_VALUE, Number.MAX_SAFE_INTEGER));
      put('precision', r.num('precision', 0, 10, true));
      break;
    case 'richText':
      put('height', r.num('height', 100, 2000, true));
      break;
    case 'select':
    case 'cascader':
    case 'radio':
    case 'checkbox': {
      const options = readOptions(v.options, at(path, 'options'), p, ctx.optionCount);
      base.options = options ?? [];
      if (options && !Array.isArray(options) && options.from === 'table' && options.dependsOn) {
        ctx.refs.push([at(path, 'options.dependsOn.field'), options.dependsOn.field, name ?? '']);
      }
      if (kind === 'select' || kind === 'cascader') put('multiple', r.bool('multiple'));
      if (kind === 'select') put('filterable', r.bool('filterable'));
      if (kind === 'cascader') {
        put('changeOnSelect', r.bool('changeOnSelect'));
        put('emitPath', r.bool('emitPath'));
      }
      if (kind === 'radio') put('button', r.bool('button'));
      if (kind === 'radio' || kind === 'checkbox') put('border', r.bool('border'));
      break;
    }
    case 'switch':
      for (const k of ['activeValue', 'inactiveValue'] as const) {
        if (v[k] !== undefined && !readScalar(v[k])) p.add(at(path, k), `must be text, a number or true/false, not ${show(v[k])}`);
        else put(k, v[k]);
      }
      if (v.activeValue !== undefined && v.activeValue === (v.inactiveValue ?? false)) p.add(at(path, 'activeValue'), 'must differ from inactiveValue');
      put('activeText', r.text('activeText'));
      put('inactiveText', r.text('inactiveText'));
      break;
    case 'slider':
      put('step', r.num('step', Number.MIN_VALUE, Number.MAX_SAFE_INTEGER));
      put('range', r.bool('range'));
      put('showStops', r.bool('showStops'));
      break;
    case 'time':
    case 'timeRange':
    case 'date':
    case 'dateRange':
      put('format', r.str('format', { max: 40, re: /^[YMDdHhmsSAaWwoQZXx:\-/.\s年月日时分秒]+$/, what: 'a date format like YYYY-MM-DD' }));
      if (kind === 'date') put('type', r.oneOf('type', FORM_DATE_TYPES));
      if (kind === 'dateRange') put('type', r.oneOf('type', FORM_DATE_RANGE_TYPES));
      if (kind === 'timeRange' || kind === 'dateRange') {
        put('startPlaceholder', r.text('startPlaceholder'));
        put('endPlaceholder', r.text('endPlaceholder'));
      }
      break;
    case 'rate':
      put('count', r.num('count', 1, 20, true));
      put('allowHalf', r.bool('allowHalf'));
      put('showText', r.bool('showText'));
      put('showScore', r.bool('showScore'));
      if (v.showText === true && v.showScore === true) p.add(at(path, 'showScore'), 'cannot be on together with showText');
      break;
    case 'color':
      put('format', r.oneOf('format', ['hex', 'rgb', 'hsb'] as const));
      put('alpha', r.bool('alpha'));
      break;
    case 'upload':
      put('listType', r.oneOf('listType', ['text', 'picture', 'picture-card'] as const));
      put('multiple', r.bool('multiple'));
      put('limit', r.num('limit', 1, 100, true));
      put('buttonText', r.text('buttonText'));
      put('showTip', r.bool('showTip'));
      readUploadTarget(r, put);
      break;
    case 'row': {
      put('gutter', r.num('gutter', 0, 100));
      put('justify', r.oneOf('justify', ['start', 'end', 'center', 'space-around', 'space-between'] as const));
      put('align', r.oneOf('align', ['top', 'middle', 'bottom'] as const));
      const cpath = at(path, 'children');
      if (!Array.isArray(v.children)) {
        p.add(cpath, v.children === undefined ? 'is required (a list of fields)' : `must be a list, not ${show(v.children)}`);
        base.children = [];
      } else if (depth >= FORM_SCHEMA_LIMITS.depth) {
        p.add(cpath, `rows nest deeper than ${FORM_SCHEMA_LIMITS.depth} levels`);
        base.children = [];
      } else {
        base.children = v.children.map((c, i) => readField(c, at(cpath, i), ctx, depth + 1)).filter(Boolean);
      }
      break;
    }
    case 'button':
      base.text = r.text('text', true) ?? { zh: '' };
      put('icon', readIcon(r, 'icon'));
      put('buttonType', r.oneOf('buttonType', FORM_BUTTON_TYPES));
      put('size', r.oneOf('size', ['large', 'middle', 'small'] as const));
      put('action', r.oneOf('action', ['submit', 'reset', 'none'] as const));
      put('disabled', r.bool('disabled'));
      break;
    case 'table': {
      const cpath = at(path, 'columns');
      const columns: FormTableField['columns'] = [];
      if (!Array.isArray(v.columns))
        p.add(cpath, v.columns === undefined ? 'is required (a list of { "name", "label" })' : `must be a list, not ${show(v.columns)}`);
      else {
        v.columns.forEach((c, i) => {
          const ipath = at(cpath, i);
          if (!isObj(c)) return p.add(ipath, `must be { "name": "…", "label": {…} }, not ${show(c)}`);
          const cr = new Reader(c, ipath, p);
          cr.keys(['name', 'label']);
          const cname = cr.str('name', { required: true, max: FORM_SCHEMA_LIMITS.nameLength, re: /^[\w$]+$/, what: 'a property name' });
          const label = cr.text('label', true);
          if (cname && label) columns.push({ name: cname, label });
        });
      }
      base.columns = columns;
      break;
    }
  }
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
    else if ((FORM_LAYOUT_KINDS as readonly string[]).includes(kind)) p.add(path, `${show(name)} is a ${kind}, which holds no value`);
    else if (name === from) p.add(path, 'a field cannot depend on itself');
  }
  const walk = (list: FormField[], path: string) =>
    list.forEach((f, i) => {
      if (f.kind === 'row') walk(f.children, at(at(path, i), 'children'));
      else if (isFormValueField(f)) checkDefault(f, at(path, i), p);
    });
  if (p.list.length === 0) walk(schema.fields, 'fields');
  return p.list.length ? { ok: false, problems: p.list } : { ok: true, schema };
}
