import { saveDesigner } from '../src/designer/storage.ts';
import { DEFAULT_FORM_CONFIG, INITIAL_ID } from '../src/designer/store.ts';

/**
 * A profile whose designer was emptied (清空): the workspace opens on an empty canvas. A fresh profile (nothing
 * stored) shows SPEC.md §2's sample instead (web/test/designer-sample.test.tsx).
 */
export function startWithEmptyDesigner() {
  localStorage.clear();
  saveDesigner(localStorage, { schema: { version: 2, ...DEFAULT_FORM_CONFIG, fields: [] }, idGlobal: INITIAL_ID });
}
