import type { CallData } from '../api/client.ts';

type Field = CallData<'history'>['fields'][string];

/** The tag colour of each kind of revision. */
export const ACTION_COLORS: Record<string, string> = {
  create: 'default',
  save: 'default',
  masterSlave: 'default',
  import: 'cyan',
  delete: 'red',
  restore: 'green',
  undelete: 'green',
};

/**
 * A logged value as a person reads it: an enumeration's label in the page's language (each value of a list), a
 * reference's row by its label (marked by `deletedMark` when that row is deleted now), lists and objects as text;
 * null for no value.
 */
export function valueText(value: unknown, field: Field | undefined, lang: 'zh' | 'en', deletedMark: (label: string) => string = (l) => l): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field?.enum) {
    const label = (v: unknown) => field.enum!.find((e) => String(e.value) === String(v))?.label[lang] ?? String(v);
    const values = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value];
    return values.map(label).join(lang === 'zh' ? '、' : ', ');
  }
  if (field?.labels || field?.deleted) {
    const values = Array.isArray(value) ? value : String(value).split(',');
    const deleted = new Set(field.deleted ?? []);
    const label = (v: unknown) => field.labels?.[String(v)] ?? `#${String(v)}`;
    return values.map((v) => (deleted.has(String(v)) ? deletedMark(label(v)) : label(v))).join(lang === 'zh' ? '、' : ', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
