import { formTextIn, formValueFields, type FormSchema, type FormValueField } from '@qb/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Field names a summary lists before "…". */
const NAMES_SHOWN = 5;

/** A logged value that is a form schema (sys_layTable.formJson: the JSON text of `{version, fields}`), else undefined. */
export function formSchemaOf(value: unknown): FormSchema | undefined {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (!value.trimStart().startsWith('{')) return undefined;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const form = parsed as { version?: unknown; fields?: unknown };
  return typeof form.version === 'number' && Array.isArray(form.fields) ? (parsed as FormSchema) : undefined;
}

function fieldsOf(form: FormSchema | undefined): Map<string, FormValueField> {
  if (!form) return new Map();
  try {
    return new Map(formValueFields(form).map((f) => [f.name, f]));
  } catch {
    // a stored form the walker cannot read: counted as no fields, the JSON is still one click away
    return new Map();
  }
}

/**
 * A form schema's change read as a person does (issue 31 #7): a new form as `3 个字段：考场名称、座位数、楼栋`, an edit
 * as its field count and the fields added, removed and changed, by their labels in the page's language. Undefined
 * when neither value is a form schema.
 */
export function formChangeText(before: unknown, after: unknown, lang: string, t: Translate): string | undefined {
  const old = formSchemaOf(before);
  const now = formSchemaOf(after);
  if (!old && !now) return undefined;
  const sep = t('pages.operationLog.listSeparator');
  const label = (f: FormValueField) => formTextIn(f.label, lang) || f.name;
  const names = (list: FormValueField[]) => list.slice(0, NAMES_SHOWN).map(label).join(sep) + (list.length > NAMES_SHOWN ? '…' : '');
  const oldFields = fieldsOf(old);
  const newFields = fieldsOf(now);
  const current = [...newFields.values()];
  const count = current.length ? t('pages.operationLog.form.fields', { count: current.length, names: names(current) }) : t('pages.operationLog.form.noFields');
  if (!old || !now) return count;
  const added = current.filter((f) => !oldFields.has(f.name));
  const removed = [...oldFields.values()].filter((f) => !newFields.has(f.name));
  const changed = current.filter((f) => oldFields.has(f.name) && JSON.stringify(oldFields.get(f.name)) !== JSON.stringify(f));
  const parts = [
    ...(added.length ? [t('pages.operationLog.form.added', { names: names(added) })] : []),
    ...(removed.length ? [t('pages.operationLog.form.removed', { names: names(removed) })] : []),
    ...(changed.length ? [t('pages.operationLog.form.changed', { names: names(changed) })] : []),
  ];
  if (parts.length === 0) parts.push(t(JSON.stringify(old) === JSON.stringify(now) ? 'pages.operationLog.form.unchanged' : 'pages.operationLog.form.settings'));
  return [t('pages.operationLog.form.count', { count: current.length }), ...parts].join(t('pages.operationLog.form.separator'));
}

/** A logged value as the stored record shows it: a JSON text of an object or a list parsed, so it is formatted too. */
export function parsedJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
