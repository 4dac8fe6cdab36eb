import { migrateFormSchema, type FormSchema } from '@qb/contracts';
import { INITIAL_ID, toSchema, type DesignerDoc } from './store.ts';

/**
 * The designer's state in the browser (SPEC.md §4, §9): the item list, the form config and the id counter, saved
 * after a 340 ms pause, with the version marker 1.2. Items are stored as form schema (version 2) fields. Data of an
 * older marker (the reference designer's drawing list) is upgraded through migrateFormSchema instead of being
 * wiped; data that cannot be read is dropped (the caller tells the user).
 */
export const STORAGE_VERSION = '1.2';
export const SAVE_DEBOUNCE_MS = 340;
export const STORAGE_KEYS = {
  items: 'qb.designer.drawingItems',
  form: 'qb.designer.formConf',
  idGlobal: 'qb.designer.idGlobal',
  version: 'qb.designer.version',
} as const;

export type StoredDesigner =
  { status: 'empty' } | { status: 'ok' | 'migrated'; schema: FormSchema; idGlobal: number } | { status: 'dropped'; problems: string[] };

function read(storage: Storage, key: string): unknown {
  const text = storage.getItem(key);
  return text === null ? undefined : JSON.parse(text);
}

export function clearStoredDesigner(storage: Storage) {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}

export function loadDesigner(storage: Storage): StoredDesigner {
  try {
    if (storage.getItem(STORAGE_KEYS.items) === null && storage.getItem(STORAGE_KEYS.form) === null) return { status: 'empty' };
    const items = read(storage, STORAGE_KEYS.items) ?? [];
    const form = (read(storage, STORAGE_KEYS.form) ?? {}) as Record<string, unknown>;
    const counter = Number(read(storage, STORAGE_KEYS.idGlobal));
    const current = storage.getItem(STORAGE_KEYS.version) === STORAGE_VERSION;
    if (!Array.isArray(items) || typeof form !== 'object' || form === null || Array.isArray(form)) throw new Error('not a list of items and a form config');
    // version 1.2 holds version 2 fields; anything older is the reference designer's list (schema version 1)
    const { version: _v, fields: _f, ...config } = form;
    const schema = migrateFormSchema(current ? { ...config, version: 2, fields: items } : { ...config, fields: items });
    const idGlobal = Number.isInteger(counter) && counter >= INITIAL_ID ? counter : INITIAL_ID;
    if (!current) saveDesigner(storage, { schema, idGlobal });
    return { status: current ? 'ok' : 'migrated', schema, idGlobal };
  } catch (error) {
    clearStoredDesigner(storage);
    const problems = error && typeof error === 'object' && 'problems' in error ? (error.problems as string[]) : [String(error)];
    return { status: 'dropped', problems };
  }
}

export function saveDesigner(storage: Storage, { schema, idGlobal }: { schema: FormSchema; idGlobal: number }) {
  const { version: _v, fields, ...form } = schema;
  try {
    storage.setItem(STORAGE_KEYS.items, JSON.stringify(fields));
    storage.setItem(STORAGE_KEYS.form, JSON.stringify(form));
    storage.setItem(STORAGE_KEYS.idGlobal, String(idGlobal));
    storage.setItem(STORAGE_KEYS.version, STORAGE_VERSION);
  } catch {
    // a full or unavailable storage: the design stays on screen, only not kept
  }
}

export function saveDoc(storage: Storage, doc: DesignerDoc) {
  saveDesigner(storage, { schema: toSchema(doc), idGlobal: doc.idGlobal });
}
