import {
  FORM_LINKAGE_EFFECTS,
  FORM_LINKAGE_OPS,
  isFormValueField,
  type FormField,
  type FormLinkage,
  type FormLinkageEffect,
  type FormLinkageOp,
  type FormOption,
  type FormScalar,
  type FormText,
  type FormValueField,
} from '@qb/contracts';
import { kindDesign } from '../forms/kinds/design.ts';
import type { DesignerNode } from './store.ts';

/**
 * Field linkage in the designer, as pure functions the reducer (store.ts) calls: the linkage actions, and keeping
 * the rules of other items right when the field they name is renamed (they follow) or deleted (they go).
 *
 * Every rule the designer holds is one the schema check accepts (docs/forms.md "Linkage"): it names another value
 * field of the form, `equals` has a scalar, `in` a non-empty list, `filled` / `empty` no value. An action that would
 * break this changes nothing (the editor keeps what the user typed as a draft and says why).
 */
export interface LinkagePatch {
  field?: string;
  op?: FormLinkageOp;
  value?: FormScalar | FormScalar[];
  then?: FormLinkageEffect;
}

export type LinkageAction =
  | { type: 'addLinkage'; id: number }
  | { type: 'changeLinkage'; id: number; index: number; patch: LinkagePatch; tag?: string }
  | { type: 'removeLinkage'; id: number; index: number };

/** Effects an item may have: a layout item (row, button, table) has no value, so it cannot be required. */
export function linkageEffectsFor(field: FormField): readonly FormLinkageEffect[] {
  return isFormValueField(field) ? FORM_LINKAGE_EFFECTS : FORM_LINKAGE_EFFECTS.filter((e) => e !== 'require');
}

function walk(items: DesignerNode[], visit: (node: DesignerNode) => void) {
  for (const n of items) {
    visit(n);
    if (n.children) walk(n.children, visit);
  }
}

function find(items: DesignerNode[], id: number): DesignerNode | undefined {
  let found: DesignerNode | undefined;
  walk(items, (n) => {
    if (n.id === id) found = n;
  });
  return found;
}

/** The names of a node and everything inside it. */
export function namesIn(node: DesignerNode): Set<string> {
  const out = new Set<string>();
  walk([node], (n) => out.add(n.field.name));
  return out;
}

/** The value fields a rule of item `id` may name: every other value field of the form (not the item, nor what is inside it). */
export function linkageTargets(items: DesignerNode[], id: number): FormValueField[] {
  const self = find(items, id);
  const own = self ? namesIn(self) : new Set<string>();
  const out: FormValueField[] = [];
  walk(items, (n) => {
    if (isFormValueField(n.field) && !own.has(n.field.name)) out.push(n.field);
  });
  return out;
}

/** How the value of a condition on this field is typed. */
export type LinkageValueInput = 'options' | 'number' | 'switch' | 'text';

export function linkageValueInput(field: FormValueField | undefined): LinkageValueInput {
  if (!field) return 'text';
  if ('options' in field && Array.isArray(field.options) && field.options.length) return 'options';
  return kindDesign(field.kind).linkage?.input ?? 'text';
}

/** The static options of a field, a cascader's tree flattened (a condition on a path matches any value in it). */
export function linkageOptions(field: FormValueField | undefined): { value: string | number; label: FormText }[] {
  if (!field || !('options' in field) || !Array.isArray(field.options)) return [];
  const out: { value: string | number; label: FormText }[] = [];
  const flat = (list: FormOption[]) =>
    list.forEach((o) => {
      out.push({ value: o.value, label: o.label });
      if (o.children) flat(o.children);
    });
  flat(field.options);
  return out;
}

/** A value to start a condition on this field with: its first option, its minimum, a switch's on value, or ''. */
export function defaultLinkageValue(field: FormValueField | undefined): FormScalar {
  const input = linkageValueInput(field);
  if (input === 'options') return linkageOptions(field)[0]!.value;
  const start = field && kindDesign(field.kind).linkage?.start;
  if (start) return start(field);
  if (input === 'number') return field?.rules?.min ?? 0;
  return '';
}

const isScalar = (v: unknown): v is FormScalar => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** The rule with the patch applied, or undefined when the result is not a rule the schema accepts. */
export function patchedRule(rule: FormLinkage, patch: LinkagePatch, targets: FormValueField[], effects: readonly FormLinkageEffect[]): FormLinkage | undefined {
  const fieldName = patch.field ?? rule.when.field;
  const target = targets.find((f) => f.name === fieldName);
  if (!target) return undefined;
  const op = patch.op ?? rule.when.op;
  if (!FORM_LINKAGE_OPS.includes(op)) return undefined;
  const then = patch.then ?? rule.then;
  if (!effects.includes(then)) return undefined;
  // the value: given, or carried over from the old op (equals <-> in), or a fresh one for a new field
  let value: unknown = patch.value;
  if (value === undefined) {
    const old = patch.field !== undefined && patch.field !== rule.when.field ? undefined : rule.when.value;
    const first = Array.isArray(old) ? old[0] : old;
    if (op === 'equals') value = first ?? defaultLinkageValue(target);
    if (op === 'in') value = Array.isArray(old) ? old : [first ?? defaultLinkageValue(target)];
  }
  const when: FormLinkage['when'] = { field: fieldName, op };
  if (op === 'equals') {
    if (!isScalar(value)) return undefined;
    when.value = value;
  } else if (op === 'in') {
    if (!Array.isArray(value) || !value.length || !value.every(isScalar)) return undefined;
    when.value = [...value];
  }
  return { when, then };
}

function withRules(field: FormField, rules: FormLinkage[]): FormField {
  const next: FormField = { ...field, linkage: rules };
  if (!rules.length) delete next.linkage;
  return next;
}

function mapFields(items: DesignerNode[], edit: (node: DesignerNode) => FormField): DesignerNode[] {
  let changed = false;
  const out = items.map((n) => {
    const field = edit(n);
    const children = n.children && mapFields(n.children, edit);
    if (field === n.field && children === n.children) return n;
    changed = true;
    return { ...n, field, children };
  });
  return changed ? out : items;
}

/** The items after a linkage action; the very same array when the action changes nothing (or is refused). */
export function applyLinkageAction(items: DesignerNode[], action: LinkageAction): DesignerNode[] {
  const node = find(items, action.id);
  if (!node) return items;
  const rules = node.field.linkage ?? [];
  const targets = linkageTargets(items, action.id);
  let next: FormLinkage[];
  if (action.type === 'addLinkage') {
    if (!targets.length) return items;
    next = [...rules, { when: { field: targets[0]!.name, op: 'filled' }, then: linkageEffectsFor(node.field)[0]! }];
  } else if (action.type === 'removeLinkage') {
    if (!rules[action.index]) return items;
    next = rules.filter((_, i) => i !== action.index);
  } else {
    const rule = rules[action.index];
    const changed = rule && patchedRule(rule, action.patch, targets, linkageEffectsFor(node.field));
    if (!changed || JSON.stringify(changed) === JSON.stringify(rule)) return items;
    next = rules.map((r, i) => (i === action.index ? changed : r));
  }
  return mapFields(items, (n) => (n.id === action.id ? withRules(n.field, next) : n.field));
}

/** A field renamed: the rules naming it follow. */
export function renameLinkageRefs(items: DesignerNode[], from: string, to: string): DesignerNode[] {
  if (from === to) return items;
  return mapFields(items, (n) =>
    n.field.linkage?.some((l) => l.when.field === from)
      ? withRules(
          n.field,
          n.field.linkage.map((l) => (l.when.field === from ? { ...l, when: { ...l.when, field: to } } : l)),
        )
      : n.field,
  );
}

/** Fields deleted: the rules naming them go (undo brings both back). */
export function dropLinkageRefs(items: DesignerNode[], names: Set<string>): DesignerNode[] {
  return mapFields(items, (n) =>
    n.field.linkage?.some((l) => names.has(l.when.field))
      ? withRules(
          n.field,
          n.field.linkage.filter((l) => !names.has(l.when.field)),
        )
      : n.field,
  );
}
