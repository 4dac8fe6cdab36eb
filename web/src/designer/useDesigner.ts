import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { migrateFormSchema } from '@qb/contracts';
import { DEFAULT_FORM_CONFIG, designerReducer, INITIAL_ID, initialDesignerState, type DesignerAction, type DesignerState } from './store.ts';
import { defaultSampleFields } from './palette.ts';
import { loadDesigner, SAVE_DEBOUNCE_MS, saveDoc } from './storage.ts';

export type StorageNotice = 'dropped' | 'migrated' | null;

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The workspace's designer: restored from the browser on open, saved 340 ms after the last change.
 * Answers the state, its dispatch and what happened to the stored data (migrated, dropped) for a notice.
 */
export function useStoredDesigner(): [DesignerState, Dispatch<DesignerAction>, StorageNotice] {
  const notice = useRef<StorageNotice>(null);
  const [state, dispatch] = useReducer(designerReducer, undefined, () => {
    const storage = browserStorage();
    const stored = storage ? loadDesigner(storage) : ({ status: 'empty' } as const);
    if (stored.status === 'dropped' || stored.status === 'migrated') notice.current = stored.status;
    // a fresh profile (nothing stored) starts with SPEC.md §2's sample (id 100: the first item added is still 101)
    if (stored.status === 'empty')
      return designerReducer(initialDesignerState(), {
        type: 'load',
        schema: { version: 2, ...DEFAULT_FORM_CONFIG, fields: defaultSampleFields() },
        idGlobal: INITIAL_ID - 1,
      });
    if (stored.status !== 'ok' && stored.status !== 'migrated') return initialDesignerState();
    return designerReducer(initialDesignerState(), { type: 'load', schema: stored.schema, idGlobal: loadStart(stored.idGlobal, stored.schema) });
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const storage = browserStorage();
    if (!storage) return;
    const timer = setTimeout(() => saveDoc(storage, state), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.items, state.form, state.idGlobal]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, dispatch, notice.current];
}

/**
 * Restored items are numbered again (ids are the designer's, not the schema's); numbering starts below the stored
 * counter so the counter comes back as it was when the ids fit under it.
 */
function loadStart(idGlobal: number, schema: { fields: unknown[] }): number {
  const count = countItems(schema.fields);
  return Math.max(100, idGlobal - count);
}

function countItems(fields: unknown[]): number {
  return fields.reduce<number>((n, f) => {
    const children = (f as { children?: unknown[] }).children;
    return n + 1 + (Array.isArray(children) ? countItems(children) : 0);
  }, 0);
}

/** The dialog's designer: its own state from `initialSchema` (any version), never stored. */
export function useDialogDesigner(initialSchema: unknown): [DesignerState, Dispatch<DesignerAction>, string[] | null] {
  const problems = useRef<string[] | null>(null);
  const [state, dispatch] = useReducer(designerReducer, undefined, () => {
    if (initialSchema === undefined || initialSchema === null) return initialDesignerState();
    try {
      return designerReducer(initialDesignerState(), { type: 'load', schema: migrateFormSchema(initialSchema) });
    } catch (error) {
      problems.current = error && typeof error === 'object' && 'problems' in error ? (error.problems as string[]) : [String(error)];
      return initialDesignerState();
    }
  });
  return [state, dispatch, problems.current];
}
