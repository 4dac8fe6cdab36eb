import { ownValue } from '../core/ownKeys.ts';
import type { FormPatternRule, FormSchema, FormValueField } from './types.ts';
import { asNumber } from './kinds/shared.ts';
import { formRuleMessage, formTextIn, ownMessage, type FormRuleMessageKey } from './messages.ts';
import { formValueKind } from './kinds/index.ts';
import { formFieldStates, formValueFields } from './states.ts';
import { compileFormPattern, FORM_PATTERN_LIMITS, formPatternMaxLength, formPatternWork } from './patternEngine.ts';

// Rule evaluation: the same checks in the browser (one field as it changes) and on the server (a whole save). What
// applies to which kind is the kind's descriptor's (kinds/).

export interface FormValueProblem {
  field: string;
  message: string;
}

/** Empty as the required rule sees it (a rate of 0 stars and a half-chosen range are empty too). */
export function isFormFieldEmpty(field: FormValueField, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number' && Number.isNaN(value)) return true;
  if (Array.isArray(value) && value.length === 0) return true;
  return formValueKind(field).isEmpty?.(field, value) ?? false;
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

/** The value's shape for its kind; a message key when it is wrong. */
export function shapeProblem(field: FormValueField, value: unknown): FormRuleMessageKey | undefined {
  return formValueKind(field).shape(field, value);
}

/**
 * The first problem of one field's value, or undefined. `required` is the field's state (its rule or a linkage
 * 'require'); the order is: required, shape, length, patterns, min/max, options, upload types.
 */
export function checkFormFieldValue(field: FormValueField, value: unknown, required: boolean, lang: string): string | undefined {
  const title = formTextIn(field.label, lang);
  const rules = field.rules ?? {};
  const kind = formValueKind(field);
  if (isFormFieldEmpty(field, value)) {
    if (!required) return undefined;
    return ownMessage(rules.requiredMessage, lang) ?? formRuleMessage(kind.message, lang, { title });
  }
  const shape = kind.shape(field, value);
  if (shape) return formRuleMessage(shape, lang, { title });

  if (kind.typedText) {
    const text = kind.typedText(value);
    const { minLength: lo, maxLength: hi } = rules;
    if ((lo !== undefined && text.length < lo) || (hi !== undefined && text.length > hi)) {
      if (lo !== undefined && hi !== undefined) return formRuleMessage('lengthBetween', lang, { title, min: lo, max: hi });
      return lo !== undefined ? formRuleMessage('minLength', lang, { title, min: lo }) : formRuleMessage('maxLength', lang, { title, max: hi! });
    }
  }
  if (rules.patterns && !kind.ignoresPatterns) {
    for (const p of rules.patterns) {
      const problem = patternProblem(p, String(value), lang, title);
      if (problem) return problem;
    }
  }
  const { min, max } = rules;
  if (min !== undefined || max !== undefined) {
    const bounds = kind.bounds?.(field);
    if (bounds === 'count') {
      const n = (value as unknown[]).length;
      if (min !== undefined && n < min) return formRuleMessage('minCount', lang, { title, min });
      if (max !== undefined && n > max) return formRuleMessage('maxCount', lang, { title, max });
    } else if (bounds === 'number') {
      const numbers = (Array.isArray(value) ? value : [value]).map((v) => asNumber(v)!);
      if (numbers.some((n) => (min !== undefined && n < min) || (max !== undefined && n > max))) {
        if (min !== undefined && max !== undefined) return formRuleMessage('between', lang, { title, min, max });
        return min !== undefined ? formRuleMessage('min', lang, { title, min }) : formRuleMessage('max', lang, { title, max: max! });
      }
    }
  }
  return kind.check?.(field, value, lang, title);
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
