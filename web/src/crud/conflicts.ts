import { ERROR_CODES, formTextIn, hasOwnKey, isFormValueField, ownValue, ROW_VERSION_FIELD, type FormSchema } from '@qb/contracts';
import { ApiError } from '../api/index.ts';
import type { FieldDef, Row } from './types.ts';

export { ROW_VERSION_FIELD };

/** A save or delete refused because the row changed since it was read (409 CONFLICT): the current row, as listed. */
export function conflictRowOf(error: unknown): Row | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== ERROR_CODES.rowConflict) return undefined;
  const data = error.body?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Row) : {};
}

/** One field of the dialog as the conflict panel lists it: its title, and the field's definition for showing values. */
export interface ConflictField {
  name: string;
  title: string;
  /** the page's column of that name (enumeration labels, references); absent: the value as text */
  field?: FieldDef;
}

/** What the other person changed and what you changed, field by field (values in the dialog's terms). */
export interface ConflictChanges {
  theirs: ConflictField[];
  mine: ConflictField[];
}

/** A form value in comparable form: dates as text, empty as null, lists element by element. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === '' || value === null) return null;
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object' && typeof (value as { format?: unknown }).format === 'function')
    return (value as { format(f: string): string }).format('YYYY-MM-DD HH:mm:ss');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value;
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** The fields of the dialog's form that hold values, with their titles in the page's language. */
export function conflictFields(form: FormSchema, fields: FieldDef[], lang: string): ConflictField[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return form.fields.filter(isFormValueField).map((f) => {
    const field = byName.get(f.name);
    return { name: f.name, title: field?.title ?? (formTextIn(f.label, lang) || f.name), ...(field ? { field } : {}) };
  });
}

/**
 * Field by field: what differs between the values the dialog opened with and the current row's (theirs), and
 * between the opened values and the ones typed (mine). All three are form values (the page's toForm applied).
 */
export function conflictChanges(fields: ConflictField[], opened: Row, theirs: Row, mine: Row): ConflictChanges {
  return {
    theirs: fields.filter((f) => !sameValue(ownValue(opened, f.name), ownValue(theirs, f.name))),
    mine: fields.filter((f) => hasOwnKey(mine, f.name) && !sameValue(ownValue(opened, f.name), ownValue(mine, f.name))),
  };
}

/** The dialog's values after "reload and re-apply my changes": the current row's, with the fields the person changed on top. */
export function reappliedValues(theirs: Row, mine: Row, changed: ConflictField[]): Row {
  const values: Row = { ...theirs };
  for (const f of changed) values[f.name] = ownValue(mine, f.name);
  return values;
}
