import { FORM_SCHEMA_VERSION, formKindDescriptor, isFormValueField, type FormField, type FormFieldKind, type FormOption, type FormSchema } from '@qb/contracts';
import { kindDesign, type ValueShape } from '../forms/kinds/design.ts';
import { itemName, newField, PLACEHOLDER_KINDS } from './palette.ts';
import { applyLinkageAction, dropLinkageRefs, namesIn, renameLinkageRefs, type LinkageAction } from './linkage.ts';

/**
 * The designer's state and every transition of SPEC.md §4 "Designer", as a pure reducer (no React, no DOM):
 * the components and the tests drive the same function.
 *
 * The canvas is a tree of nodes: each node is one schema item with the designer's own id and render key; a row's
 * children live in `children` (its field keeps `children: []` until `toSchema` builds the schema).
 */
export const INITIAL_ID = 100;
const HISTORY_LIMIT = 100;

export interface DesignerNode {
  id: number;
  /** changes whenever the item must be drawn afresh (added, copied, type or format changed) */
  renderKey: number;
  field: FormField;
  children?: DesignerNode[];
  /**
   * the static options the item had before it was switched to 动态数据: switching back restores them (designer
   * memory only, never in the schema)
   */
  staticOptions?: FormOption[];
}

export type FormConfig = Omit<FormSchema, 'version' | 'fields'>;

export const DEFAULT_FORM_CONFIG: FormConfig = {
  size: 'middle',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  disabled: false,
  buttons: true,
  span: 24,
};

/** What is saved, undone and redone. */
export interface DesignerDoc {
  items: DesignerNode[];
  form: FormConfig;
  /** the id of the last item added (SPEC.md §9: starts at 100) */
  idGlobal: number;
}

export interface DesignerState extends DesignerDoc {
  activeId: number | null;
  renderSeq: number;
  past: DesignerDoc[];
  future: DesignerDoc[];
  /** the tag of the last change: changes with the same tag (typing in one input) make one undo step */
  lastTag?: string;
}

export type DesignerAction =
  | { type: 'add'; kind: FormFieldKind; parentId?: number | null; index?: number }
  | { type: 'select'; id: number | null }
  | { type: 'move'; id: number; parentId: number | null; index: number }
  | { type: 'moveBy'; id: number; delta: number }
  | { type: 'copy'; id: number }
  | { type: 'remove'; id: number }
  | { type: 'changeKind'; id: number; kind: FormFieldKind }
  | { type: 'update'; id: number; patch: Record<string, unknown>; tag?: string }
  | { type: 'updateForm'; patch: Partial<FormConfig>; tag?: string }
  | { type: 'clear' }
  | { type: 'load'; schema: FormSchema; idGlobal?: number; keepHistory?: boolean }
  | { type: 'undo' }
  | { type: 'redo' }
  | LinkageAction;

export function initialDesignerState(doc?: Partial<DesignerDoc>): DesignerState {
  return {
    items: doc?.items ?? [],
    form: doc?.form ?? { ...DEFAULT_FORM_CONFIG },
    idGlobal: doc?.idGlobal ?? INITIAL_ID,
    activeId: null,
    renderSeq: INITIAL_ID,
    past: [],
    future: [],
  };
}

// ---------------------------------------------------------------- tree helpers

export function findNode(items: DesignerNode[], id: number): DesignerNode | undefined {
  for (const node of items) {
    if (node.id === id) return node;
    const inner = node.children && findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The list holding a node and its index there (parentId null: the canvas). */
function locate(
  items: DesignerNode[],
  id: number,
  parentId: number | null = null,
): { parentId: number | null; list: DesignerNode[]; index: number } | undefined {
  const index = items.findIndex((n) => n.id === id);
  if (index >= 0) return { parentId, list: items, index };
  for (const node of items) {
    const inner = node.children && locate(node.children, id, node.id);
    if (inner) return inner;
  }
  return undefined;
}

/** A copy of the tree with the list of `parentId` (null: the canvas) replaced by `edit(list)`. */
function editList(items: DesignerNode[], parentId: number | null, edit: (list: DesignerNode[]) => DesignerNode[]): DesignerNode[] {
  if (parentId === null) return edit(items);
  return items.map((n) => {
    if (n.id === parentId) return { ...n, children: edit(n.children ?? []) };
    return n.children ? { ...n, children: editList(n.children, parentId, edit) } : n;
  });
}

function mapNode(items: DesignerNode[], id: number, edit: (node: DesignerNode) => DesignerNode): DesignerNode[] {
  return items.map((n) => (n.id === id ? edit(n) : n.children ? { ...n, children: mapNode(n.children, id, edit) } : n));
}

function removeNode(items: DesignerNode[], id: number): DesignerNode[] {
  return items.filter((n) => n.id !== id).map((n) => (n.children ? { ...n, children: removeNode(n.children, id) } : n));
}

function contains(node: DesignerNode, id: number): boolean {
  return node.id === id || (node.children ?? []).some((c) => contains(c, id));
}

// ---------------------------------------------------------------- schema <-> nodes

function fieldsOf(items: DesignerNode[]): FormField[] {
  return items.map((n) => (kindDesign(n.field.kind).container ? { ...n.field, children: fieldsOf(n.children ?? []) } : n.field));
}

/** The form schema the canvas describes (what the preview renders, the JSON drawer shows and the dialog returns). */
export function toSchema(doc: Pick<DesignerDoc, 'items' | 'form'>): FormSchema {
  return { version: FORM_SCHEMA_VERSION, ...doc.form, fields: fieldsOf(doc.items) };
}

/** Nodes for a schema's items, numbered from `from + 1`; answers the nodes and the last id used. */
export function nodesFromFields(fields: FormField[], from: number): { items: DesignerNode[]; last: number } {
  let id = from;
  const walk = (list: FormField[]): DesignerNode[] =>
    list.map((field) => {
      id += 1;
      const node: DesignerNode = { id, renderKey: id, field };
      const children = formKindDescriptor(field.kind)?.children?.(field);
      if (children) {
        node.field = { ...field, children: [] } as FormField;
        node.children = walk(children as FormField[]);
      }
      return node;
    });
  const items = walk(fields);
  return { items, last: id };
}

export function formConfigOf(schema: FormSchema): FormConfig {
  const { version: _version, fields: _fields, ...form } = schema;
  return { ...DEFAULT_FORM_CONFIG, ...form };
}

// ---------------------------------------------------------------- transitions

/** A kind's value shape (its design.tsx); a kind of no shape of its own with multiple on holds a list. */
function shapeOf(kind: FormFieldKind, multiple?: boolean): ValueShape {
  const shape = kindDesign(kind).shape ?? 'other';
  return shape === 'other' && multiple ? 'list' : shape;
}

/** SPEC.md §4: a type change keeps the field name, id, span and the values the new kind understands. */
function changedKind(old: FormField, kind: FormFieldKind, id: number): FormField {
  const next = newField(kind, id) as FormField & Record<string, unknown>;
  const prev = old as FormField & Record<string, unknown>;
  next.name = old.name;
  const valueOnly = ['placeholder', 'width', 'disabled', 'readonly'];
  for (const key of ['label', 'span', 'showLabel', 'labelWidth', 'linkage', ...valueOnly]) {
    if (prev[key] === undefined || (valueOnly.includes(key) && !isFormValueField(next))) continue;
    // a placeholder only where the new kind shows one
    if (key === 'placeholder' && !PLACEHOLDER_KINDS.includes(kind)) continue;
    next[key] = prev[key];
  }
  if (isFormValueField(old) && isFormValueField(next)) {
    const required = old.rules?.required;
    const rules = { ...(next.rules ?? {}) } as Record<string, unknown>;
    if (required !== undefined) rules.required = required;
    if (old.rules?.requiredMessage) rules.requiredMessage = old.rules.requiredMessage;
    if (kindDesign(old.kind).textRules && kindDesign(kind).textRules) {
      for (const key of ['minLength', 'maxLength', 'patterns'] as const) if (old.rules?.[key] !== undefined) rules[key] = old.rules[key];
    }
    next.rules = rules;
    if ('options' in old && 'options' in next && !kindDesign(kind).optionTree && !kindDesign(old.kind).optionTree) next.options = old.options;
    const oldMultiple = (old as { multiple?: boolean }).multiple;
    if (old.defaultValue !== undefined && shapeOf(old.kind, oldMultiple) === shapeOf(kind) && shapeOf(kind) !== 'other' && !('options' in next))
      next.defaultValue = old.defaultValue;
  }
  return next;
}

/** The special rules of SPEC.md §4 that a property change brings along. */
function patched(field: FormField, patch: Record<string, unknown>): { field: FormField; redraw: boolean } {
  const next = { ...field, ...patch } as FormField & Record<string, unknown>;
  if ('multiple' in patch && patch.multiple !== (field as { multiple?: boolean }).multiple) next.defaultValue = patch.multiple ? [] : '';
  // the kind's own (SPEC.md §4): a rate's text or score, a slider's range, a date's type, a colour's format, an upload's single path
  const redraw = kindDesign(field.kind).patched?.(field, patch, next) ?? false;
  return { field: next, redraw };
}

function snapshot(state: DesignerState): DesignerDoc {
  return { items: state.items, form: state.form, idGlobal: state.idGlobal };
}

/** A change of the document: recorded for undo (a change with the same tag as the last joins its step). */
function commit(state: DesignerState, doc: Partial<DesignerDoc> & { activeId?: number | null; renderSeq?: number }, tag?: string): DesignerState {
  const joins = tag !== undefined && tag === state.lastTag;
  const past = joins ? state.past : [...state.past, snapshot(state)].slice(-HISTORY_LIMIT);
  return { ...state, ...doc, past, future: [], lastTag: tag };
}

function cloneWithIds(node: DesignerNode, next: () => number): DesignerNode {
  const id = next();
  const field = { ...node.field, name: itemName(node.field.kind, id) } as FormField;
  return { id, renderKey: id, field, children: node.children?.map((c) => cloneWithIds(c, next)) };
}

/**
 * 静态数据 / 动态数据 (issue 19 #7): switching a field from static options to a source keeps its static options on the
 * node; switching back (`options: []` over a source) restores them, or a new item's options when there are none.
 */
function optionSourcePatch(node: DesignerNode, patch: Record<string, unknown>): { patch: Record<string, unknown>; staticOptions?: FormOption[] } {
  if (!('options' in patch) || !('options' in node.field)) return { patch };
  const before = node.field.options;
  const after = patch.options;
  if (Array.isArray(before) && !Array.isArray(after)) return { patch, staticOptions: before };
  if (!Array.isArray(before) && Array.isArray(after) && after.length === 0) {
    const fresh = newField(node.field.kind, node.id) as { options?: unknown };
    return { patch: { ...patch, options: node.staticOptions ?? (Array.isArray(fresh.options) ? fresh.options : []) } };
  }
  return { patch };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'select':
      return state.activeId === action.id ? state : { ...state, activeId: action.id, lastTag: undefined };
    case 'add': {
      const id = state.idGlobal + 1;
      const renderSeq = state.renderSeq + 1;
      const node: DesignerNode = { id, renderKey: renderSeq, field: newField(action.kind, id) };
      if (kindDesign(action.kind).container) node.children = [];
      const parentId = action.parentId ?? null;
      const parent = parentId === null ? undefined : findNode(state.items, parentId);
      if (parentId !== null && !(parent && kindDesign(parent.field.kind).container)) return state;
      const items = editList(state.items, parentId, (list) => {
        const at = action.index === undefined ? list.length : Math.max(0, Math.min(action.index, list.length));
        return [...list.slice(0, at), node, ...list.slice(at)];
      });
      return commit(state, { items, idGlobal: id, activeId: id, renderSeq });
    }
    case 'move': {
      const from = locate(state.items, action.id);
      if (!from) return state;
      const node = from.list[from.index];
      if (action.parentId !== null) {
        const parent = findNode(state.items, action.parentId);
        if (!parent || !kindDesign(parent.field.kind).container || contains(node, action.parentId)) return state;
      }
      let index = action.index;
      if (from.parentId === action.parentId && index > from.index) index -= 1; // the node leaves its old place first
      if (from.parentId === action.parentId && index === from.index) return state;
      const without = removeNode(state.items, action.id);
      const items = editList(without, action.parentId, (list) => {
        const at = Math.max(0, Math.min(index, list.length));
        return [...list.slice(0, at), node, ...list.slice(at)];
      });
      return commit(state, { items, activeId: action.id });
    }
    case 'moveBy': {
      const from = locate(state.items, action.id);
      if (!from) return state;
      const to = from.index + action.delta;
      if (to < 0 || to >= from.list.length) return state;
      return designerReducer(state, { type: 'move', id: action.id, parentId: from.parentId, index: action.delta > 0 ? to + 1 : to });
    }
    case 'copy': {
      const from = locate(state.items, action.id);
      if (!from) return state;
      let last = state.idGlobal;
      const copy = cloneWithIds(from.list[from.index], () => ++last);
      const items = editList(state.items, from.parentId, (list) => [...list.slice(0, from.index + 1), copy, ...list.slice(from.index + 1)]);
      return commit(state, { items, idGlobal: last, activeId: copy.id, renderSeq: Math.max(state.renderSeq, last) });
    }
    case 'remove': {
      const gone = findNode(state.items, action.id);
      if (!gone) return state;
      const items = dropLinkageRefs(removeNode(state.items, action.id), namesIn(gone)); // rules naming a deleted field go
      return commit(state, { items, activeId: items.length ? items[items.length - 1].id : null });
    }
    case 'changeKind': {
      const node = findNode(state.items, action.id);
      if (!node || node.field.kind === action.kind) return state;
      const renderSeq = state.renderSeq + 1;
      const items = mapNode(state.items, action.id, (n) => ({
        ...n,
        renderKey: renderSeq,
        field: changedKind(n.field, action.kind, n.id),
        children: kindDesign(action.kind).container ? (n.children ?? []) : undefined,
      }));
      return commit(state, { items, renderSeq });
    }
    case 'update': {
      const node = findNode(state.items, action.id);
      if (!node) return state;
      const { patch, staticOptions } = optionSourcePatch(node, action.patch);
      const { field, redraw } = patched(node.field, patch);
      const renderSeq = redraw ? state.renderSeq + 1 : state.renderSeq;
      let items = mapNode(state.items, action.id, (n) => ({
        ...n,
        field,
        renderKey: redraw ? renderSeq : n.renderKey,
        ...(staticOptions ? { staticOptions } : {}),
      }));
      if (typeof action.patch.name === 'string') items = renameLinkageRefs(items, node.field.name, action.patch.name); // rules follow a rename
      return commit(state, { items, renderSeq }, action.tag && `${action.id}:${action.tag}`);
    }
    case 'addLinkage':
    case 'changeLinkage':
    case 'removeLinkage': {
      const items = applyLinkageAction(state.items, action);
      if (items === state.items) return state;
      return commit(state, { items }, action.type === 'changeLinkage' && action.tag ? `${action.id}:linkage.${action.index}.${action.tag}` : undefined);
    }
    case 'updateForm':
      return commit(state, { form: { ...state.form, ...action.patch } }, action.tag && `form:${action.tag}`);
    case 'clear':
      return commit(state, { items: [], idGlobal: INITIAL_ID, activeId: null });
    case 'load': {
      const start = action.idGlobal ?? INITIAL_ID;
      const { items, last } = nodesFromFields(action.schema.fields, start);
      const doc = {
        items,
        form: formConfigOf(action.schema as FormSchema),
        idGlobal: Math.max(last, start),
        activeId: null,
        renderSeq: Math.max(state.renderSeq, last) + 1,
      };
      return action.keepHistory ? commit(state, doc) : { ...initialDesignerState(), ...doc };
    }
    case 'undo': {
      const prev = state.past[state.past.length - 1];
      if (!prev) return state;
      const activeId = state.activeId !== null && findNode(prev.items, state.activeId) ? state.activeId : null;
      return { ...state, ...prev, activeId, past: state.past.slice(0, -1), future: [snapshot(state), ...state.future], lastTag: undefined };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      const activeId = state.activeId !== null && findNode(next.items, state.activeId) ? state.activeId : null;
      return { ...state, ...next, activeId, past: [...state.past, snapshot(state)], future: state.future.slice(1), lastTag: undefined };
    }
  }
}
