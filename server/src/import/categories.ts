import type { MessageKey } from '../http/messages.ts';
import type { RowProblem } from './questions.ts';
import { CATEGORY_COLUMNS, type SheetRecord } from './templates.ts';

/** A row of the category sheet once checked. */
export interface CategoryData {
  row: number;
  name: string;
  parentName: string | null;
  sortNum: number;
  isUp: 0 | 1;
}

export interface ExistingCategory {
  id: number;
  name: string;
  parentId: number;
}

/** The parent of a row to write: an existing category (id, 0 = top level) or another row of the file. */
export type ParentRef = { id: number } | { row: CategoryData };

const titleOf = (key: string) => CATEGORY_COLUMNS.find((c) => c.key === key)!.title;
const YES = new Set(['是', '上架', '已上架', '1', 'Y', 'YES', 'TRUE']);
const NO = new Set(['否', '下架', '未上架', '0', 'N', 'NO', 'FALSE']);

export function validateCategory(record: SheetRecord, maxName: number): CategoryData | RowProblem[] {
  const problems: RowProblem[] = [];
  const at = (key: string, problem: MessageKey, params?: Record<string, string | number>) =>
    problems.push({ row: record.row, column: titleOf(key), key: problem, ...(params ? { params } : {}) });
  const cell = (key: string) => record.get(key);

  const name = cell('name');
  if (name === '') at('name', 'importNameMissing');
  else if (name.length > maxName) at('name', 'importTooLong', { column: titleOf('name'), max: maxName });
  const parent = cell('parent');
  if (parent !== '' && parent === name) at('parent', 'importParentCycle', { name: parent.slice(0, 100) });

  const rawSort = cell('sortNum');
  let sortNum = 0;
  if (rawSort !== '') {
    sortNum = /^-?\d+(\.0+)?$/.test(rawSort) ? Number.parseInt(rawSort, 10) : NaN;
    if (!Number.isSafeInteger(sortNum) || Math.abs(sortNum) > 2_147_483_647) at('sortNum', 'importSortInvalid', { value: rawSort.slice(0, 20) });
  }
  const rawUp = cell('isUp').normalize('NFKC').toUpperCase();
  const isUp = rawUp === '' || YES.has(rawUp) ? 1 : NO.has(rawUp) ? 0 : undefined;
  if (isUp === undefined) at('isUp', 'importIsUpInvalid', { value: cell('isUp').slice(0, 20) });

  if (problems.length > 0) return problems;
  return { row: record.row, name, parentName: parent === '' ? null : parent, sortNum, isUp: isUp! };
}

/**
 * Resolves each row's parent (a row of the file by name first, else an existing category of the subject
 * by name) and orders the rows parents first. A parent that is missing, ambiguous or circular is a problem.
 */
export function orderCategories(
  rows: CategoryData[],
  existing: ExistingCategory[],
): { ordered: { data: CategoryData; parent: ParentRef }[]; problems: RowProblem[] } {
  const inFile = new Map<string, CategoryData[]>();
  for (const r of rows) inFile.set(r.name, [...(inFile.get(r.name) ?? []), r]);
  const existingByName = new Map<string, ExistingCategory[]>();
  for (const e of existing) existingByName.set(e.name, [...(existingByName.get(e.name) ?? []), e]);

  const problems: RowProblem[] = [];
  const parents = new Map<CategoryData, ParentRef>();
  const parentColumn = titleOf('parent');
  for (const r of rows) {
    if (r.parentName === null) {
      parents.set(r, { id: 0 });
      continue;
    }
    const name = r.parentName.slice(0, 100);
    const fileRows = inFile.get(r.parentName);
    const stored = existingByName.get(r.parentName);
    // the same name twice in the file (under the same parent) is one category: rows of it are equivalent here
    const distinctFile = fileRows && new Set(fileRows.map((f) => f.parentName ?? '')).size;
    if (fileRows && distinctFile === 1) parents.set(r, { row: fileRows[0]! });
    else if (fileRows) problems.push({ row: r.row, column: parentColumn, key: 'importParentAmbiguous', params: { name } });
    else if (stored?.length === 1) parents.set(r, { id: stored[0]!.id });
    else problems.push({ row: r.row, column: parentColumn, key: stored ? 'importParentAmbiguous' : 'importParentMissing', params: { name } });
  }

  const ordered: { data: CategoryData; parent: ParentRef }[] = [];
  const state = new Map<CategoryData, 'visiting' | 'done'>();
  const visit = (r: CategoryData): boolean => {
    const s = state.get(r);
    if (s === 'done') return true;
    if (s === 'visiting') return false;
    const parent = parents.get(r);
    if (!parent) return true; // its problem is already listed
    state.set(r, 'visiting');
    if ('row' in parent && !visit(parent.row)) {
      problems.push({ row: r.row, column: parentColumn, key: 'importParentCycle', params: { name: r.parentName!.slice(0, 100) } });
      state.set(r, 'done');
      return false;
    }
    state.set(r, 'done');
    ordered.push({ data: r, parent });
    return true;
  };
  for (const r of rows) visit(r);
  problems.sort((a, b) => a.row - b.row);
  return { ordered, problems };
}
