import type { FormField, FormLinkage, FormSchema, FormValueField } from './types.ts';
import { formKindDescriptor } from './kinds/index.ts';
import { sameScalar } from './kinds/shared.ts';
import { emptyRecord, hasOwnKey, ownValue } from '../core/ownKeys.ts';

// Walking a schema, and linkage: which fields show, are required and are disabled for a set of values.

/** Not a layout item (a kind that is none counts as a value field, as in a schema not parsed). */
export function isFormValueField(field: FormField): field is FormValueField {
  return formKindDescriptor(field.kind)?.layout !== true;
}

/** Every item depth first (rows before their children). */
export function formItems(schema: Pick<FormSchema, 'fields'>): FormField[] {
  const out: FormField[] = [];
  const walk = (list: FormField[]) => {
    for (const f of list) {
      out.push(f);
      const kind = formKindDescriptor(f.kind);
      if (kind?.children) walk(kind.children(f) as FormField[]);
    }
  };
  walk(schema.fields);
  return out;
}

/** The fields that hold values, through rows. */
export function formValueFields(schema: Pick<FormSchema, 'fields'>): FormValueField[] {
  return formItems(schema).filter(isFormValueField);
}

/** Values of a new record: each field's default; a kind may start with a value of its own (a switch starts off). */
export function defaultFormValues(schema: FormSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of formValueFields(schema)) {
    if (f.defaultValue !== undefined) values[f.name] = structuredCloneJson(f.defaultValue);
    else {
      const kind = formKindDescriptor(f.kind);
      if (kind && !kind.layout && kind.initialValue) values[f.name] = kind.initialValue(f);
    }
  }
  return values;
}

function structuredCloneJson<T>(v: T): T {
  return v !== null && typeof v === 'object' ? (JSON.parse(JSON.stringify(v)) as T) : v;
}

// ---------------------------------------------------------------------------------------------------------
// Linkage

export interface FormFieldState {
  visible: boolean;
  required: boolean;
  disabled: boolean;
}

/** Filled as a linkage condition sees it: not undefined, null, blank text or an empty list. */
export function isFormValueFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  if (Array.isArray(value)) return value.some(isFormValueFilled);
  return true;
}

function conditionHolds(when: FormLinkage['when'], value: unknown): boolean {
  switch (when.op) {
    case 'filled':
      return isFormValueFilled(value);
    case 'empty':
      return !isFormValueFilled(value);
    case 'equals':
      return Array.isArray(value) ? value.some((v) => sameScalar(v, when.value)) : sameScalar(value, when.value);
    case 'in': {
      const list = Array.isArray(when.value) ? when.value : [when.value];
      return list.some((c) => (Array.isArray(value) ? value.some((v) => sameScalar(v, c)) : sameScalar(value, c)));
    }
    default:
      return false;
  }
}

/** A value field, or a layout item of a kind with a disabled key (a button). */
const canDisable = (item: FormField) => isFormValueField(item) || !!formKindDescriptor(item.kind)?.keys.includes('disabled');

/**
 * Visible, required and disabled of every item (by name) for these values. A row's state passes to its
 * children. Hidden fields count as empty in conditions, so chains settle; a cycle settles after one pass per item.
 */
export function formFieldStates(schema: FormSchema, values: Record<string, unknown>): Record<string, FormFieldState> {
  const parentOf = new Map<string, string>();
  for (const item of formItems(schema)) {
    const kind = formKindDescriptor(item.kind);
    if (kind?.children) for (const c of kind.children(item)) parentOf.set(c.name, item.name);
  }
  const items = formItems(schema);
  let hidden = new Set<string>();
  let states: Record<string, FormFieldState> = emptyRecord();
  for (let pass = 0; pass <= items.length; pass++) {
    const nowHidden = new Set<string>();
    states = emptyRecord();
    for (const item of items) {
      const parent = parentOf.has(item.name) ? states[parentOf.get(item.name)!] : undefined;
      const holds = (l: FormLinkage) => conditionHolds(l.when, hidden.has(l.when.field) ? undefined : ownValue(values, l.when.field));
      const rules = item.linkage ?? [];
      const shows = rules.filter((l) => l.then === 'show');
      const visible = (parent?.visible ?? true) && (shows.length === 0 || shows.some(holds)) && !rules.some((l) => l.then === 'hide' && holds(l));
      const own = isFormValueField(item) ? item : undefined;
      const required = !!own?.rules?.required || rules.some((l) => l.then === 'require' && holds(l));
      const disabled =
        !!schema.disabled ||
        (parent?.disabled ?? false) ||
        !!(own?.disabled || (canDisable(item) && (item as { disabled?: boolean }).disabled)) ||
        rules.some((l) => l.then === 'disable' && holds(l));
      states[item.name] = { visible, required, disabled };
      if (!visible) nowHidden.add(item.name);
    }
    const settled = nowHidden.size === hidden.size && [...nowHidden].every((n) => hidden.has(n));
    hidden = nowHidden;
    if (settled) break;
  }
  return states;
}

/** The values a save keeps: those of visible value fields only. */
export function visibleFormValues(schema: FormSchema, values: Record<string, unknown>): Record<string, unknown> {
  const states = formFieldStates(schema, values);
  const out: Record<string, unknown> = {};
  for (const f of formValueFields(schema)) if (states[f.name]?.visible && hasOwnKey(values, f.name)) out[f.name] = values[f.name];
  return out;
}
