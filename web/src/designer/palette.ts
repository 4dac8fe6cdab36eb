import { FORM_DATE_FORMATS, FORM_TIME_FORMAT, type FormField, type FormFieldKind, type FormText } from '@qb/contracts';
import designerZhCN from '../i18n/designer.zh-CN.ts';
import designerEnUS from '../i18n/designer.en-US.ts';

/**
 * The designer's palette: the 21 components of the reference (SPEC.md §2, issue 12) in three groups, each one a
 * kind of the form schema (packages/contracts/src/forms), and the item a click or drop adds.
 */
export const PALETTE_GROUPS = [
  { group: 'input', kinds: ['text', 'textarea', 'password', 'number', 'richText'] },
  {
    group: 'select',
    kinds: ['select', 'cascader', 'radio', 'checkbox', 'switch', 'slider', 'time', 'timeRange', 'date', 'dateRange', 'rate', 'color', 'upload'],
  },
  { group: 'layout', kinds: ['row', 'button', 'table'] },
] as const satisfies readonly { group: string; kinds: readonly FormFieldKind[] }[];

export type PaletteGroup = (typeof PALETTE_GROUPS)[number]['group'];

/** Kinds that hold a value: a type change is offered between these (a layout item keeps its kind). */
export const VALUE_KINDS = PALETTE_GROUPS.slice(0, 2).flatMap((g) => [...g.kinds]) as FormFieldKind[];

/** The kinds whose control shows a placeholder (FieldInput): 占位提示 is offered for these only. */
export const PLACEHOLDER_KINDS: readonly FormFieldKind[] = ['text', 'textarea', 'password', 'number', 'select', 'cascader', 'time', 'date'];

/** SPEC.md §9 colour formats as the designer offers them: an -a format turns alpha on (SPEC.md §4). */
export const COLOR_FORMATS = ['hex', 'rgb', 'rgba', 'hsb', 'hsba'] as const;

type DefaultKey = keyof typeof designerZhCN.designer.defaults;
const text = (key: DefaultKey): FormText => ({ zh: designerZhCN.designer.defaults[key], en: designerEnUS.designer.defaults[key] });
const kindLabel = (kind: FormFieldKind): FormText => ({ zh: designerZhCN.designer.kinds[kind], en: designerEnUS.designer.kinds[kind] });
const options = () => [
  { label: text('option1'), value: 1 },
  { label: text('option2'), value: 2 },
];

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
  return kind === 'row' ? `row${id}` : `field${id}`;
}

/** A new item of a kind, as the palette adds it (defaults after the reference's config.js). */
export function newField(kind: FormFieldKind, id: number): FormField {
  const base = { name: itemName(kind, id), label: kindLabel(kind) };
  switch (kind) {
    case 'text':
      return { ...base, kind, clearable: true, rules: { required: true } };
    case 'textarea':
      return { ...base, kind, rows: 4, rules: { required: true } };
    case 'password':
      return { ...base, kind, rules: { required: true } };
    case 'number':
      return { ...base, kind, step: 1 };
    case 'richText':
      return { ...base, kind, height: 300 };
    case 'select':
      return { ...base, kind, options: options(), rules: { required: true } };
    case 'cascader':
      return {
        ...base,
        kind,
        options: [{ label: text('option1'), value: 1, children: [{ label: text('child1'), value: 2 }] }],
        rules: { required: true },
      };
    case 'radio':
      return { ...base, kind, options: options(), rules: { required: true } };
    case 'checkbox':
      return { ...base, kind, options: options(), defaultValue: [], rules: { required: true } };
    case 'switch':
      return { ...base, kind, defaultValue: false };
    case 'slider':
      return { ...base, kind, step: 1, defaultValue: 0, rules: { min: 0, max: 100 } };
    case 'time':
      return { ...base, kind, format: FORM_TIME_FORMAT, rules: { required: true } };
    case 'timeRange':
      return { ...base, kind, format: FORM_TIME_FORMAT, rules: { required: true } };
    case 'date':
      return { ...base, kind, type: 'date', format: FORM_DATE_FORMATS.date, rules: { required: true } };
    case 'dateRange':
      return { ...base, kind, type: 'date', format: FORM_DATE_FORMATS.date, rules: { required: true } };
    case 'rate':
      return { ...base, kind, count: 5, defaultValue: 0 };
    case 'color':
      return { ...base, kind, format: 'hex' };
    case 'upload':
      return { ...base, kind, listType: 'text', buttonText: text('upload'), showTip: false, rules: { required: true, maxSize: { value: 2, unit: 'MB' } } };
    case 'row':
      return { ...base, label: { zh: '' }, kind, children: [] };
    case 'button':
      return { ...base, label: { zh: '' }, kind, text: text('button'), buttonType: 'primary', action: 'none' };
    case 'table':
      return { ...base, kind, columns: [{ name: 'col1', label: text('column') }] };
  }
}
