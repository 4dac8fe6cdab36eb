import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { FormInstance } from 'antd';
import type { FormFieldKind, FormRules, FormScalar, FormText, FormValueField } from '@qb/contracts';

// A field kind on the web is one folder, kinds/<kind>/ (issue 20), next to its contract descriptor
// (packages/contracts/src/forms/kinds/<kind>.ts). Its facets are split by when they load: input.tsx (the control:
// table pages and the designer), design.tsx (palette entry, icon, property panel, store and linkage bits: the
// designer only) and code.ts (generated code: the lazy code generator only). Each file exports its facet as default
// and adds itself to its layer's interface (WebKindInputs in kinds/index.ts, WebKindDesigns in kinds/design.ts,
// WebKindCodes in kinds/code.ts); those three files find the facets by a glob and check, by type, that every contract
// kind has one (EveryKindHas): a kind without a facet fails the type check naming the file to write (issue 32).

/**
 * `true` when every kind has its facet file; else the files missing, which the type error names: "Type 'true' is not
 * assignable to type '"write web/src/forms/kinds/<kind>/design.tsx"'".
 */
export type EveryKindHas<Have extends PropertyKey, File extends string, Kinds extends string = FormFieldKind> = [Exclude<Kinds, Have>] extends [never]
  ? true
  : `write web/src/forms/kinds/${Exclude<Kinds, Have>}/${File}`;

/** The facets a glob of kinds/<kind>/<file> found, by kind (the folder's name), typed as the layer's list. */
export function facetsByKind<List>(modules: Record<string, unknown>): List {
  return Object.fromEntries(Object.entries(modules).map(([path, facet]) => [path.split('/').at(-2)!, facet])) as List;
}

/** The form item's aria attributes, handed on to the control. */
export interface FieldAria {
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** What a kind's control is given (FieldInput works out the common parts). */
export interface KindInputProps<F = FormValueField> {
  field: F;
  value?: unknown;
  change(value: unknown): void;
  id?: string;
  disabled?: boolean;
  aria: FieldAria;
  /** the placeholder in the viewer's language */
  placeholder: string | undefined;
  readOnly: boolean;
  rules: FormRules;
  lang: string;
  t: TFunction;
  /** value of the field a dependent dropdown depends on */
  dependValue?: unknown;
  /** the row being edited when the options come from its own table */
  disabledId?: unknown;
}

/** What a layout kind's item is given in a schema form (SchemaForm draws its column around it). */
export interface LayoutItemProps<F = unknown> {
  field: F;
  /** its linkage state (or the form's) */
  disabled: boolean;
  lang: string;
  t: TFunction;
  form: FormInstance;
  /** the form's gutter */
  gutter: number;
  /** nested items, drawn as the form draws its own */
  items(fields: readonly unknown[]): ReactNode;
}

/** What the table pages know of a kind: its control (value kinds), or its item in a schema form (layout kinds). */
export interface WebKindDescriptor<F extends { kind: FormFieldKind } = { kind: FormFieldKind }> {
  kind: F['kind'];
  Input?: ComponentType<KindInputProps<F>>;
  Item?: ComponentType<LayoutItemProps<F>>;
}

/** The palette's groups (SPEC.md §2). */
export type PaletteGroup = 'input' | 'select' | 'layout';

/** How a value is kept across a type change (SPEC.md §4): a default value passes between kinds of one shape. */
export type ValueShape = 'text' | 'number' | 'list' | 'other';

/** The property panel's shared row makers (FieldPanel), handed to a kind's own rows. */
export interface PanelKit {
  t: TFunction;
  rules: FormRules;
  set(patch: Record<string, unknown>, tag?: string): void;
  setRule(key: keyof FormRules, value: unknown, tag?: string): void;
  item(key: string, label: string, control: ReactNode): ReactNode;
  bool(key: string, label?: string): ReactNode;
  num(key: string, min?: number, max?: number): ReactNode;
  ruleNum(key: 'min' | 'max' | 'minLength' | 'maxLength', min?: number): ReactNode;
  text(key: string): ReactNode;
  icon(key: 'prefixIcon' | 'suffixIcon' | 'icon'): ReactNode;
  choice<V extends string>(key: string, values: readonly V[], label?: string, labelOf?: (v: V) => string): ReactNode;
}

/** What the designer knows of a kind (kinds/<kind>/design.tsx; loaded with the designer only). */
export interface WebKindDesign<F extends { kind: FormFieldKind } = { kind: FormFieldKind }> {
  kind: F['kind'];
  /** its palette group */
  group: PaletteGroup;
  /** its place in the group (the palette lists a group's kinds by rank, then by name) */
  rank: number;
  /** its palette icon (the reference's tagIcon) */
  icon: ReactNode;
  /** a new item, as the palette adds it (defaults after the reference's config.js); `base` is its name and label */
  newField(base: { name: string; label: FormText }): F;
  /** a new item's name is `${namePrefix}{id}` (default field) */
  namePrefix?: string;
  /** it holds other items (a row): no label width of its own, children kept on a type change */
  container?: true;
  /** its control shows a placeholder: 占位提示 is offered, and kept on a type change */
  placeholder?: true;
  /** its value's shape (default other; other with multiple on is a list) */
  shape?: ValueShape;
  /** minLength, maxLength and patterns pass between such kinds on a type change */
  textRules?: true;
  /** its options are a tree (the options editor edits a tree; options do not pass to or from it) */
  optionTree?: true;
  /** no 默认值 row (the value cannot be picked in the panel) */
  noDefaultValue?: true;
  /** what a property change brings along for this kind (SPEC.md §4), applied to `next`; true to draw it afresh */
  patched?(field: F, patch: Record<string, unknown>, next: Record<string, unknown>): boolean;
  /** how a linkage condition on it is typed (default text; static options always give a choice), and its first value */
  linkage?: { input: 'number' | 'switch'; start?(field: F): FormScalar };
  /** the text it shows on the canvas besides its label (a button's text, a table's columns, a counter) */
  canvasText?(field: F, lang: string): string[];
  /** layout kinds: what stands for it on the canvas (value kinds show their control) */
  canvas?(field: F, lang: string): ReactNode;
  /** its own rows of the property panel (the shared rows stay in FieldPanel) */
  panel?(field: F, kit: PanelKit): ReactNode[];
}
