import { FORM_DATE_FORMATS, type FormDateType } from '@qb/contracts';

/** A date's or a date range's type change: the default goes, the format follows the type (a week is stored as a date); drawn afresh. */
export function patchedDateType(field: { type?: string }, patch: Record<string, unknown>, next: Record<string, unknown>): boolean {
  if (!('type' in patch) || patch.type === field.type) return false;
  delete next.defaultValue;
  next.format = FORM_DATE_FORMATS[patch.type as FormDateType];
  return true;
}
