import { FORM_FIELD_KINDS, FORM_KIND_NAMES, formTextIn, isFormValueKind, type FormField, type FormFieldKind } from '@qb/contracts';
import { kindDesign } from '../forms/kinds/design.ts';
import { defaultText as text } from '../forms/kinds/designShared.tsx';
import type { PaletteGroup } from '../forms/kinds/descriptor.ts';

const GROUPS: readonly PaletteGroup[] = ['input', 'select', 'layout'];
export type { PaletteGroup };

/** Every kind in the palette's order: by group, then by each design's rank, then by name (no list's order counts). */
const PALETTE_ORDER: readonly FormFieldKind[] = [...FORM_FIELD_KINDS].sort((a, b) => {
  const da = kindDesign(a);
  const db = kindDesign(b);
  return GROUPS.indexOf(da.group) - GROUPS.indexOf(db.group) || da.rank - db.rank || (a < b ? -1 : a > b ? 1 : 0);
});

/**
 * The designer's palette: the components of the reference (SPEC.md §2, issue 12) and any kind added since, in three
 * groups, each one a kind of the form schema (packages/contracts/src/forms); a kind's group, rank, icon and new item
 * are its kinds/<kind>/design.tsx (web/src/forms/kinds), its name its contract descriptor's title.
 */
export const PALETTE_GROUPS: readonly { group: PaletteGroup; kinds: readonly FormFieldKind[] }[] = GROUPS.map((group) => ({
  group,
  kinds: PALETTE_ORDER.filter((kind) => kindDesign(kind).group === group),
}));

/** Kinds that hold a value, in the palette's order: a type change is offered between these (a layout item keeps its kind). */
export const VALUE_KINDS = PALETTE_ORDER.filter(isFormValueKind);

/** The kinds whose control shows a placeholder (FieldInput): 占位提示 is offered for these only. */
export const PLACEHOLDER_KINDS: readonly FormFieldKind[] = PALETTE_ORDER.filter((kind) => kindDesign(kind).placeholder);

/** A kind's name in the viewer's language (its contract descriptor's title). */
export const kindName = (kind: FormFieldKind, lang: string): string => formTextIn(FORM_KIND_NAMES[kind], lang);

const kindLabel = (kind: FormFieldKind) => ({ ...FORM_KIND_NAMES[kind] });

/** SPEC.md §9's phone pattern as form-generator writes it: 11 digits starting with 1 (the sample's rule). */
export const PHONE_PATTERN = '^1(3|4|5|7|8|9)\\d{9}$';

/**
 * SPEC.md §2 "Default sample": what a fresh profile's designer shows (nothing stored yet): one text input named
 * mobile with a phone placeholder, at most 11 characters, required, with the phone-format pattern (form-generator's
 * drawingDefaultValue; its icon el-icon-mobile has no counterpart among FORM_ICONS).
 */
export const defaultSampleFields = (): FormField[] => [
  {
    kind: 'text',
    name: 'mobile',
    label: text('mobile'),
    placeholder: text('mobilePlaceholder'),
    clearable: true,
    showCount: true,
    rules: { required: true, maxLength: 11, patterns: [{ regex: PHONE_PATTERN, message: text('mobilePattern') }] },
  },
];

/** The name a new item gets: `row{n}` for a row container, `field{n}` for everything else (SPEC.md §4). */
export function itemName(kind: FormFieldKind, id: number): string {
  return `${kindDesign(kind).namePrefix ?? 'field'}${id}`;
}

/** A new item of a kind, as the palette adds it (its design.tsx's newField). */
export function newField(kind: FormFieldKind, id: number): FormField {
  return kindDesign(kind).newField({ name: itemName(kind, id), label: kindLabel(kind) });
}
