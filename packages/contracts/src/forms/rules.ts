import { ownValue } from '../ownKeys.ts';
import {
  FORM_UPLOAD_ACCEPTS,
  type FormFieldKind,
  type FormOption,
  type FormOptionsSource,
  type FormPatternRule,
  type FormSchema,
  type FormSizeUnit,
  type FormUploadAccept,
  type FormUploadField,
  type FormValueField,
} from './types.ts';
import { formLanguageOf, formMessageKindOf, formRuleMessage, formTextIn, ownMessage, type FormRuleMessageKey } from './messages.ts';
import { formFieldStates, formValueFields, sameScalar } from './states.ts';
import { compileFormPattern, FORM_PATTERN_LIMITS, formPatternMaxLength, formPatternWork } from './patternEngine.ts';

// Rule evaluation: the same checks in the browser (one field as it changes) and on the server (a whole save).

const UNIT_BYTES: Record<FormSizeUnit, number> = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 };

export interface FormValueProblem {
  field: string;
  message: string;
}

const TEXT_KINDS = new Set<FormFieldKind>(['text', 'textarea', 'password', 'richText']);
const RANGE_KINDS = new Set<FormFieldKind>(['timeRange', 'dateRange']);

function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === '' && !/<img/i.test(html)
  );
}

function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Empty as the required rule sees it (a rate of 0 stars and a half-chosen range are empty too). */
export function isFormFieldEmpty(field: FormValueField, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number' && Number.isNaN(value)) return true;
  if (typeof value === 'string') {
    if (field.kind === 'richText') return isBlankHtml(value);
    if (TEXT_KINDS.has(field.kind)) return value.trim() === '';
  }
  if (field.kind === 'rate' && Number(value) === 0) return true;
  if (Array.isArray(value)) {
    if (value.length === 0) return true;
    if (RANGE_KINDS.has(field.kind) || (field.kind === 'slider' && field.range)) return value.some((v) => v === null || v === undefined || v === '');
  }
  return false;
}

/**
 * The problem of `text` under a pattern run by the linear-time engine (patternEngine.ts): a pattern it cannot run
 * (only in a schema that was not parsed) refuses the value, and so does a text too long for the work limit.
 */
function patternProblem(rule: FormPatternRule, text: string, lang: string, title: string): string | undefined {
  const compiled = compileFormPattern(rule);
  if (!compiled.ok) return formRuleMessage('patternUnsupported', lang, { title });
  if (formPatternWork(compiled.program, text) > FORM_PATTERN_LIMITS.work) {
    return formRuleMessage('patternTooLong', lang, { title, max: formPatternMaxLength(compiled.program) });
  }
  return compiled.program.test(text) ? undefined : (ownMessage(rule.message, lang) ?? formRuleMessage('pattern', lang, { title }));
}

function staticOptionValues(options: FormOptionsSource): Set<string> | undefined {
  if (!Array.isArray(options)) return undefined;
  const set = new Set<string>();
  const walk = (list: FormOption[]) => {
    for (const o of list) {
      set.add(String(o.value));
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return set;
}

/** Extensions (lower case, no dot) an accept list allows; an empty list allows any. */
export function formAcceptExtensions(accept: readonly string[] | undefined): string[] {
  const out = new Set<string>();
  for (const a of accept ?? []) {
    if (a in FORM_UPLOAD_ACCEPTS) for (const e of FORM_UPLOAD_ACCEPTS[a as FormUploadAccept]) out.add(e);
    else if (a.startsWith('.')) out.add(a.slice(1).toLowerCase());
  }
  return [...out];
}

function acceptText(accept: readonly string[], lang: string): string {
  return formAcceptExtensions(accept).join(formLanguageOf(lang) === 'en' ? ', ' : '、');
}

function extensionOfPath(path: string): string {
  const name = path.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The check of a picked file before it is uploaded: its type, then its size; the message, or undefined when it may go. */
export function checkFormUploadFile(field: Pick<FormUploadField, 'rules'>, file: { name: string; size: number }, lang: string): string | undefined {
  const accept = field.rules?.accept;
  const allowed = formAcceptExtensions(accept);
  if (allowed.length > 0 && !allowed.includes(extensionOfPath(file.name))) return formRuleMessage('uploadType', lang, { accept: acceptText(accept!, lang) });
  const max = field.rules?.maxSize;
  if (max && !(file.size / UNIT_BYTES[max.unit] < max.value)) return formRuleMessage('uploadSize', lang, { size: max.value, unit: max.unit });
  return undefined;
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** The value's shape for its kind; a message key when it is wrong. */
export function shapeProblem(field: FormValueField, value: unknown): FormRuleMessageKey | undefined {
  const many = (field.kind === 'select' && field.multiple) || field.kind === 'checkbox' || (field.kind === 'upload' && field.multiple);
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'richText':
      return typeof value === 'string' || typeof value === 'number' ? undefined : 'notText';
    case 'number':
    case 'rate':
      return asNumber(value) === undefined ? 'notNumber' : undefined;
    case 'slider':
      if (field.range) return Array.isArray(value) && value.length === 2 && value.every((v) => asNumber(v) !== undefined) ? undefined : 'notNumber';
      return asNumber(value) === undefined ? 'notNumber' : undefined;
    case 'timeRange':
    case 'dateRange':
      return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string') ? undefined : 'badValue';
    case 'time':
    case 'date':
    case 'color':
      return typeof value === 'string' ? undefined : 'badValue';
    case 'switch': {
      const on = field.activeValue ?? true;
      const off = field.inactiveValue ?? false;
      return value === on || value === off || sameScalar(value, on) || sameScalar(value, off) ? undefined : 'badValue';
    }
    case 'cascader': {
      const pathOk = (p: unknown) => (Array.isArray(p) ? p.length > 0 && p.every(isScalar) : false);
      if (field.multiple) {
        if (!Array.isArray(value)) return 'badValue';
        return value.every((v) => (field.emitPath === false ? isScalar(v) : pathOk(v))) ? undefined : 'badValue';
      }
      return (field.emitPath === false ? isScalar(value) : pathOk(value)) ? undefined : 'badValue';
    }
    default:
      if (many) return Array.isArray(value) && value.every(isScalar) ? undefined : 'badValue';
      return isScalar(value) || typeof value === 'boolean' ? undefined : 'badValue';
  }
}

/**
 * The first problem of one field's value, or undefined. `required` is the field's state (its rule or a linkage
 * 'require'); the order is: required, shape, length, patterns, min/max, options, upload types.
 */
export function checkFormFieldValue(field: FormValueField, value: unknown, required: boolean, lang: string): string | undefined {
  const title = formTextIn(field.label, lang);
  const rules = field.rules ?? {};
  if (isFormFieldEmpty(field, value)) {
    if (!required) return undefined;
    return ownMessage(rules.requiredMessage, lang) ?? formRuleMessage(formMessageKindOf(field.kind), lang, { title });
  }
  const shape = shapeProblem(field, value);
  if (shape) return formRuleMessage(shape, lang, { title });

  if (TEXT_KINDS.has(field.kind)) {
    const text = field.kind === 'richText' ? plainTextOf(String(value)) : String(value);
    const { minLength: lo, maxLength: hi } = rules;
    if ((lo !== undefined && text.length < lo) || (hi !== undefined && text.length > hi)) {
      if (lo !== undefined && hi !== undefined) return formRuleMessage('lengthBetween', lang, { title, min: lo, max: hi });
      return lo !== undefined ? formRuleMessage('minLength', lang, { title, min: lo }) : formRuleMessage('maxLength', lang, { title, max: hi! });
    }
  }
  if (rules.patterns && field.kind !== 'richText') {
    for (const p of rules.patterns) {
      const problem = patternProblem(p, String(value), lang, title);
      if (problem) return problem;
    }
  }
  const { min, max } = rules;
  if (min !== undefined || max !== undefined) {
    const counted = field.kind === 'checkbox' || (field.kind === 'select' && field.multiple) || (field.kind === 'cascader' && field.multiple);
    if (counted) {
      const n = (value as unknown[]).length;
      if (min !== undefined && n < min) return formRuleMessage('minCount', lang, { title, min });
      if (max !== undefined && n > max) return formRuleMessage('maxCount', lang, { title, max });
    } else if (field.kind === 'number' || field.kind === 'slider') {
      const numbers = (Array.isArray(value) ? value : [value]).map((v) => asNumber(v)!);
      if (numbers.some((n) => (min !== undefined && n < min) || (max !== undefined && n > max))) {
        if (min !== undefined && max !== undefined) return formRuleMessage('between', lang, { title, min, max });
        return min !== undefined ? formRuleMessage('min', lang, { title, min }) : formRuleMessage('max', lang, { title, max: max! });
      }
    }
  }
  if (field.kind === 'rate' && asNumber(value)! > (field.count ?? 5)) return formRuleMessage('max', lang, { title, max: field.count ?? 5 });
  if (field.kind === 'select' || field.kind === 'radio' || field.kind === 'checkbox' || field.kind === 'cascader') {
    const known = staticOptionValues(field.options);
    if (known) {
      const chosen: unknown[] =
        field.kind === 'cascader'
          ? (field.multiple ? (value as unknown[]) : [value]).map((v) => (Array.isArray(v) ? v[v.length - 1] : v))
          : Array.isArray(value)
            ? value
            : [value];
      if (chosen.some((v) => !known.has(String(v)))) return formRuleMessage('notOption', lang, { title });
    }
  }
  if (field.kind === 'upload') {
    const paths = Array.isArray(value) ? (value as string[]) : [value as string];
    const allowed = formAcceptExtensions(rules.accept);
    if (allowed.length > 0 && paths.some((p) => !allowed.includes(extensionOfPath(p))))
      return formRuleMessage('uploadType', lang, { accept: acceptText(rules.accept!, lang) });
    if (field.limit !== undefined && paths.length > field.limit) return formRuleMessage('maxCount', lang, { title, max: field.limit });
  }
  return undefined;
}

/** The problem of one named field in these values (linkage applied), or undefined: the browser's rule for one item. */
export function formFieldProblem(schema: FormSchema, name: string, values: Record<string, unknown>, lang: string): string | undefined {
  const field = formValueFields(schema).find((f) => f.name === name);
  if (!field) return undefined;
  const state = formFieldStates(schema, values)[name]!;
  if (!state.visible || state.disabled) return undefined;
  return checkFormFieldValue(field, ownValue(values, name), state.required, lang);
}

/**
 * Every problem of a set of values, at most one per field, in the order of the form. Hidden and disabled fields
 * are not validated; a linkage 'require' makes a field required. The server calls this before a save, the
 * browser (through formFieldProblem) on every change: both show the same messages.
 */
export function validateFormValues(schema: FormSchema, values: unknown, lang: string): FormValueProblem[] {
  const record = values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const states = formFieldStates(schema, record);
  const problems: FormValueProblem[] = [];
  for (const field of formValueFields(schema)) {
    const state = states[field.name]!;
    if (!state.visible || state.disabled) continue;
    const message = checkFormFieldValue(field, ownValue(record, field.name), state.required, lang);
    if (message) problems.push({ field: field.name, message });
  }
  return problems;
}
