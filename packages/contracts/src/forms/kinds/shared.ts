import { FORM_ICONS, type FormIcon, type FormScalar } from '../types.ts';
import { at, show, type Reader } from '../parseReader.ts';
import type { FormColumnType, KindReadContext, ValueKindDescriptor } from './descriptor.ts';
import type { FormRuleMessageKey } from '../messages.ts';

type Shape = FormRuleMessageKey | undefined;

// Helpers several kinds share: reading icons, date formats and range placeholders, and testing values.

/** An icon key: a name of FORM_ICONS (the list is long, so the problem names it instead of spelling it out). */
export function readIcon(r: Reader, key: string): FormIcon | undefined {
  const v = r.o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(FORM_ICONS as readonly string[]).includes(v)) {
    r.p.add(at(r.path, key), `must be an icon of the list (FORM_ICONS, e.g. "UserOutlined"), not ${show(v)}`);
    return undefined;
  }
  return v as FormIcon;
}

/** The dayjs format of a time or date picker's value. */
export function readDateFormat({ r, put }: KindReadContext) {
  put('format', r.str('format', { max: 40, re: /^[YMDdHhmsSAaWwoQZXx:\-/.\s年月日时分秒]+$/, what: 'a date format like YYYY-MM-DD' }));
}

/** The placeholders of a range picker's two ends. */
export function readRangePlaceholders({ r, put }: KindReadContext) {
  put('startPlaceholder', r.text('startPlaceholder'));
  put('endPlaceholder', r.text('endPlaceholder'));
}

export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export const isScalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
/**
 * A linkage value or a switch's own value: text, a number or true/false. Here, not in parseParts.ts, so that a field
 * kind that reads one does not bring the pattern engine (re2js, 150 KB) into the web app's table page (issue 31).
 */
export function readScalar(v: unknown): v is FormScalar {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

export function sameScalar(a: unknown, b: unknown): boolean {
  return a !== null && a !== undefined && String(a) === String(b);
}

/** A blank end of a range (an end not chosen yet). */
export const isBlankEnd = (v: unknown) => v === null || v === undefined || v === '';

/** Typed text is empty when blank. */
export const isBlankText = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** Typed text, a number, or a scalar value: the shapes of the simplest kinds. */
export const textShape = (value: unknown): Shape => (typeof value === 'string' || typeof value === 'number' ? undefined : 'notText');
export const numberShape = (value: unknown): Shape => (asNumber(value) === undefined ? 'notNumber' : undefined);
export const stringShape = (value: unknown): Shape => (typeof value === 'string' ? undefined : 'badValue');
export const rangeShape = (value: unknown): Shape =>
  Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string') ? undefined : 'badValue';
/** One chosen value, or a list of them. */
export const chosenShape = (many: boolean, value: unknown): Shape =>
  many ? (Array.isArray(value) && value.every(isScalar) ? undefined : 'badValue') : isScalar(value) || typeof value === 'boolean' ? undefined : 'badValue';

/** What the typed-text kinds (text, textarea, password) say of their value: typed, blank when only spaces, measured by lengths and patterns. */
export const typedTextValue = {
  message: 'enter',
  rules: ['minLength', 'maxLength', 'patterns'],
  isEmpty: (_field, value) => isBlankText(value),
  shape: (_field, value) => textShape(value),
  typedText: (value) => String(value),
  listValued: () => false,
} satisfies Partial<ValueKindDescriptor>;

/** A one-line text's column: as long as the longest value its rules allow (at most 4000), else the default length. */
export function lengthColumn(field: { rules?: { maxLength?: number | null } }): FormColumnType {
  const max = field.rules?.maxLength;
  return max === undefined || max === null ? { type: 'nvarchar' } : { type: 'nvarchar', length: Math.min(4000, max) };
}
