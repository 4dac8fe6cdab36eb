import type { FormLinkage, FormOptionsSource, FormRules, FormScalar, FormText } from '../types.ts';
import type { FormRuleMessageKey } from '../messages.ts';
import type { Obj, Problems, Reader } from '../parseReader.ts';

// A field kind is one descriptor (issue 20): its schema keys and how they are read, its version 1 migration, the
// rules that apply to it, its emptiness, the column its value binds to. kinds/index.ts lists them; parse.ts,
// migrateV1.ts, rules.ts, states.ts and the server's forms/derive.ts and boundForms/binding.ts read them generically.

/** What every item has (a value field or a layout item). */
export interface FormItemBase {
  /** the field name of the value (unique in the form); for layout items an id (row101) */
  name: string;
  label: FormText;
  /** columns of the 24-column grid; default the form's span */
  span?: number;
  /** false: no label shown (the grid column stays) */
  showLabel?: boolean;
  /** px; default the form's */
  labelWidth?: number;
  linkage?: FormLinkage[];
}

/** What every value field has besides. */
export interface FormValueBase extends FormItemBase {
  defaultValue?: unknown;
  placeholder?: FormText;
  /** the control's width (FORM_WIDTH_PATTERN); default the whole line */
  width?: string;
  disabled?: boolean;
  readonly?: boolean;
  rules?: FormRules;
}

/** An item held by another (a FormField: the union is made from the descriptors, so they cannot name it). */
export type FormNestedItem = FormItemBase & { kind: string };

/** The keys every item may have, and those every value field may have besides (parse.ts reads them). */
export const FORM_ITEM_KEYS = ['kind', 'name', 'label', 'span', 'showLabel', 'labelWidth', 'linkage'] as const;
export const FORM_VALUE_KEYS = [...FORM_ITEM_KEYS, 'defaultValue', 'placeholder', 'width', 'disabled', 'readonly', 'rules'] as const;

/** What a kind's reader (version 2) is given: the field object, and the services of the whole-schema parser. */
export interface KindReadContext {
  /** the field object's reader: r.o is the object, r.path its path, r.p the problems */
  r: Reader;
  /** keeps a key's value when it is not undefined (in the order read: the order of the clean copy) */
  put(key: string, value: unknown): void;
  /** the field's option source (counted against the form's limit; a dependent dropdown's field is checked later) */
  options(): FormOptionsSource;
  /** the nested items under `key` (a row's children), one level deeper */
  children(key: string): FormNestedItem[];
}

/** What a kind's version 1 reader is given: form-generator's component and the field being made. */
export interface KindV1Context {
  /** the component */
  item: Obj;
  /** its __config__ (the component itself in the earliest saves), and the path of that */
  config: Obj;
  cpath: string;
  /** the component's path */
  path: string;
  /** its __slot__ (or {}) */
  slot: Obj;
  /** __config__.tag and __config__.tagIcon */
  tag: string | undefined;
  icon: string;
  /** __config__.formId */
  id: number | undefined;
  /** the label text */
  label: string;
  /** the whole version 1 form */
  form: Obj;
  p: Problems;
  /** the field being made (version 2 keys; parse.ts checks it after) */
  out: Obj;
  /** its rules (kept when any) */
  rules: Obj;
  /** another component (a row's children) */
  field(item: unknown, path: string): Obj | undefined;
}

/** The column a value binds to (the server's auto-create): nvarchar is as long as `length`, else the default length or the longest of `fits`. */
export type FormColumnType = { type: 'int' | 'float' | 'money' | 'datetime' | 'ntext' } | { type: 'nvarchar'; length?: number; fits?: readonly FormScalar[] };

interface KindDescriptorBase<F extends { kind: string }> {
  kind: F['kind'];
  /** its name in both languages: the designer's palette, a new item's label until one is typed (FORM_KIND_NAMES) */
  title: { zh: string; en: string };
  /** the keys of its own (besides FORM_ITEM_KEYS or FORM_VALUE_KEYS), as parse.ts allows them */
  keys: readonly string[];
  /** reads its own keys of a version 2 field (after the common ones) */
  read(c: KindReadContext): void;
  /** version 1 (form-generator): whether a component is of this kind (layout kinds are asked first, then in the list's order), and its reading */
  v1: {
    matches(c: KindV1Context): boolean;
    read(c: KindV1Context): void;
  };
  /** the items it holds (a row's children) */
  children?(field: F): FormNestedItem[];
}

/** A kind that lays out or acts and holds no value. */
export interface LayoutKindDescriptor<F extends { kind: string } = { kind: string }> extends KindDescriptorBase<F> {
  layout: true;
}

export type FormRuleKey = 'minLength' | 'maxLength' | 'patterns' | 'min' | 'max' | 'accept' | 'maxSize';

/** A kind whose field holds a value. */
export interface ValueKindDescriptor<F extends { kind: string } = { kind: string }> extends KindDescriptorBase<F> {
  layout: false;
  /** SPEC.md §5: 请输入 for what is typed, 请选择 for what is chosen, 请上传 for files and images */
  message: 'enter' | 'select' | 'upload';
  /** the rules that apply besides required and requiredMessage */
  rules: readonly FormRuleKey[];
  /** min/max count the chosen items (whole numbers from 0) rather than bound a number */
  countsItems?: boolean;
  /** empty besides undefined, null, '', NaN and [] (a rate of 0 stars, a half-chosen range) */
  isEmpty?(field: F, value: unknown): boolean;
  /** the value's shape for its kind; a message key when it is wrong */
  shape(field: F, value: unknown): FormRuleMessageKey | undefined;
  /** typed text: the text minLength / maxLength measure */
  typedText?(value: unknown): string;
  /** patterns are not tested (the value is HTML) */
  ignoresPatterns?: boolean;
  /** what min / max bound for this field: the number of chosen items, or the number(s) */
  bounds?(field: F): 'count' | 'number' | undefined;
  /** the kind's own checks after the common rules (options, stars, files); the message */
  check?(field: F, value: unknown, lang: string, title: string): string | undefined;
  /** the value of a new record without a defaultValue (a switch starts off) */
  initialValue?(field: F): unknown;
  /** the column its value binds to (auto-create) */
  column(field: F): FormColumnType;
  /** the value is a list (stored as JSON text unless the column is a list column) */
  listValued(field: F): boolean;
}

/**
 * Every kind's descriptor by its name: each kinds/<kind>.ts adds itself here (`declare module './descriptor.ts'`),
 * so a kind's file alone makes it a kind to the type checker wherever the contracts' sources are compiled;
 * kinds/index.ts's FORM_KIND_DESCRIPTORS is typed by it (a file not listed there fails the type check there), and so
 * are the web's facets (web/src/forms/kinds: a kind without its input, design or code file fails the web's check).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member per kind file
export interface FormKindDescriptors {}

export type FieldKindDescriptor<F extends { kind: string } = { kind: string }> = LayoutKindDescriptor<F> | ValueKindDescriptor<F>;

/** The field type a descriptor describes. */
export type DescribedField<D> = D extends FieldKindDescriptor<infer F> ? F : never;
