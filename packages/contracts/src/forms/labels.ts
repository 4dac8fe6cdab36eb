import { FORM_KIND_DESCRIPTORS, type FormField, type FormFieldKind } from './kinds/index.ts';
import { formItems, isFormValueField } from './states.ts';
import type { FormSchema, FormText } from './types.ts';

/**
 * The names of the kinds (each descriptor's title): the designer's palette, a new item's label until someone types
 * one (the same texts in every release so far).
 */
export const FORM_KIND_NAMES = Object.fromEntries(Object.values(FORM_KIND_DESCRIPTORS).map((d) => [d.kind, d.title] as const)) as Readonly<
  Record<FormFieldKind, { zh: string; en: string }>
>;

const KIND_BY_ENGLISH = new Map(Object.values(FORM_KIND_NAMES).map((n) => [n.en, n.zh]));

/**
 * Whether a label's English is a palette name nobody typed: it is one of the kinds' English names while the Chinese
 * beside it is not that kind's Chinese name (考场名称 / Single-line text: the Chinese was typed, the English left).
 */
export function isUntypedEnglish(label: FormText | undefined): boolean {
  if (!label?.en) return false;
  const zh = KIND_BY_ENGLISH.get(label.en.trim());
  return zh !== undefined && zh !== label.zh.trim();
}

/** The label with an untyped English dropped (the Chinese alone), else as it is. */
export function typedLabel<T extends FormText | undefined>(label: T): T {
  if (!label || !isUntypedEnglish(label)) return label;
  return { zh: label.zh } as T;
}

/** A column as a bound form's labels fall back to: its name and its title (`en` is the Chinese when it has no English). */
export interface FormLabelColumn {
  name: string;
  title: { zh: string; en?: string };
}

/**
 * A form bound to a table as it is shown: each value field's English label is the one typed; missing (or a palette
 * name nobody typed, as earlier releases stored it) it is the column's English title when the column has one of its
 * own, else none (the Chinese label shows). docs/decisions.md "Labels of a bound form".
 */
export function withColumnTitles(schema: FormSchema, columns: readonly FormLabelColumn[]): FormSchema {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const copy = structuredClone(schema);
  for (const item of formItems(copy) as FormField[]) {
    if (!isFormValueField(item) || !item.label) continue;
    if (item.label.en && !isUntypedEnglish(item.label)) continue;
    const title = byName.get(item.name)?.title;
    const english = title?.en && title.en !== title.zh ? title.en : undefined;
    item.label = english ? { zh: item.label.zh, en: english } : { zh: item.label.zh };
  }
  return copy;
}
