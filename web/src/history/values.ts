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
 * A logged value as a person reads it: an enumeration's label in the page's language (each value of a list), lists
 * and objects as text; null for no value.
 */
export function valueText(value: unknown, field: Field | undefined, lang: 'zh' | 'en'): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field?.enum) {
    const label = (v: unknown) => field.enum!.find((e) => String(e.value) === String(v))?.label[lang] ?? String(v);
    const values = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value];
    return values.map(label).join(lang === 'zh' ? '、' : ', ');
  }
  if (field?.labels) {
    const values = Array.isArray(value) ? value : String(value).split(',');
    return values.map((v) => field.labels![String(v)] ?? `#${String(v)}`).join(lang === 'zh' ? '、' : ', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
