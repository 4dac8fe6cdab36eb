import { badRequest } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';

export interface SortTerm {
  column: string;
  direction: 'asc' | 'desc';
}

function splitList(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw !== 'string') throw badRequest('badParam', { name, reason: 'text expected' });
  return raw.split(',').map((s) => s.trim());
}

/** `sort=parentMenu, sortNum&sortType=asc, desc`: comma lists; one sortType applies to every column. */
export function parseSort(sortRaw: unknown, typeRaw: unknown, table: RegisteredTable, registry: TableRegistry): SortTerm[] {
  const columns = splitList(sortRaw, 'sort');
  const types = splitList(typeRaw, 'sortType').map((t) => t.toLowerCase());
  for (const t of types) if (t !== 'asc' && t !== 'desc') throw badRequest('badSortType', { value: t.slice(0, 32) });
  if (columns.length === 0) return [{ column: table.primaryKey, direction: (types[0] ?? 'asc') as 'asc' | 'desc' }];
  if (columns.length > 5) throw badRequest('badParam', { name: 'sort', reason: 'at most 5 columns' });
  if (types.length > 1 && types.length !== columns.length) throw badRequest('sortMismatch');
  const terms = columns.map((name, i) => {
    const column = registry.column(table, name);
    if (!column.sortable) throw badRequest('notSortable', { column: name.slice(0, 64) });
    return { column: column.name, direction: (types[i] ?? types[0] ?? 'asc') as 'asc' | 'desc' };
  });
  // a unique last key keeps paging stable when the sorted values repeat
  if (!terms.some((t) => t.column === table.primaryKey)) terms.push({ column: table.primaryKey, direction: terms[terms.length - 1]!.direction });
  return terms;
}
