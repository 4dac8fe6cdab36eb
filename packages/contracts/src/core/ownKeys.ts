/**
 * Lookups keyed by user data (a column, a form field, a menu's route) read own properties only: on a plain object
 * `values['constructor']` is Object's constructor and `'toString' in values` is true (docs/security.md, round 3 #2).
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether the record holds this key itself (not through its prototype). */
export function hasOwnKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** An empty record with no prototype: nothing is found in it that was not put there. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
