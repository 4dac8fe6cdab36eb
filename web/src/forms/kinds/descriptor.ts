import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { FormFieldKind, FormRules, FormValueField } from '@qb/contracts';

// A field kind on the web is one folder, kinds/<kind>/ (issue 20), next to its contract descriptor
// (packages/contracts/src/forms/kinds/<kind>.ts). Its facets are split by when they load: input.tsx (the control:
// table pages and the designer), design.tsx (palette entry, icon, property panel, store and linkage bits: the
// designer only) and code.ts (generated code: the lazy code generator only). kinds/index.ts, kinds/design.ts and
// kinds/code.ts list them, each typed by FormFieldKind, so a kind added to the contract list fails the type check
// until its web files exist.

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

/** What the table pages know of a kind: its control (value kinds; layout kinds have none). */
export interface WebKindDescriptor<F extends { kind: FormFieldKind } = { kind: FormFieldKind }> {
  kind: F['kind'];
  Input?: ComponentType<KindInputProps<F>>;
}
