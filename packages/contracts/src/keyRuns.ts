/**
 * Runs of keys in the operation log (docs/history.md): rows an import inserts many at once with integer keys are
 * logged one entry per run of consecutive keys rather than one per row. The entry's rowId is `#<first>-<last>` and its
 * summary the count; a row's history finds the run that holds its key (server/src/history/) and the operation log page
 * reads the entry as the rows it stands for (web/src/pages/system/operationLog.tsx).
 */
const KEY_RUN = /^#(-?\d{1,16})-(-?\d{1,16})$/;

/** The rowIds of key runs sort between these two texts on every engine's collation ('#' < digits, '-' and '$'). */
export const KEY_RUN_RANGE = ['#', '$'] as const;

export const keyRunRowId = (first: number, last: number) => `#${first}-${last}`;

/** The first and last key a logged rowId names, when it is a run of keys. */
export function keyRunOf(rowId: unknown): { first: number; last: number } | undefined {
  const m = KEY_RUN.exec(typeof rowId === 'string' ? rowId : '');
  return m ? { first: Number(m[1]), last: Number(m[2]) } : undefined;
}

/** Whether a logged rowId names a run of keys. */
export const isKeyRun = (rowId: unknown): boolean => keyRunOf(rowId) !== undefined;

/** Whether a logged rowId is a run of keys holding `id`. */
export function runHolds(rowId: unknown, id: number): boolean {
  const run = keyRunOf(rowId);
  return run !== undefined && run.first <= id && id <= run.last;
}

/** Integer keys as runs of consecutive keys, ascending. */
export function keyRuns(ids: number[]): [number, number][] {
  const ascending = ids.every((id, i) => i === 0 || id > ids[i - 1]!);
  const sorted = ascending ? ids : [...ids].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs[runs.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else if (!last || id !== last[1]) runs.push([id, id]);
  }
  return runs;
}
