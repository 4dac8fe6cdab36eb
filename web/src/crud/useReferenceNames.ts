import { emptyRecord } from '@qb/contracts';
import { useQueries } from '@tanstack/react-query';
import { selectRows } from '../api/index.ts';
import type { FieldDef, Row } from './types.ts';

/** Names of referenced rows, by field: memberid 3 -> 晨曦. */
export type ReferenceNames = Record<string, Map<string, string>>;

/** The ids a field refers to in these rows (0 and empty mean "none": a top-level parent). */
export function referencedIds(rows: Row[], name: string): number[] {
  const ids = new Set<number>();
  for (const r of rows) {
    const v = r[name];
    for (const one of Array.isArray(v) ? v : [v]) {
      const n = Number(one);
      if (Number.isInteger(n) && n > 0) ids.add(n);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Reference columns are shown by name: for each one, the referenced rows of this page are read in one
 * call (`wheres id IN [...]`), cached by the set of ids.
 */
export function useReferenceNames(fields: FieldDef[], rows: Row[]): ReferenceNames {
  const refs = fields.filter((f) => f.options && !f.enum && f.column !== false);
  const results = useQueries({
    queries: refs.map((f) => {
      const ids = referencedIds(rows, f.name);
      return {
        queryKey: ['refNames', f.options!.flag, ids.join(',')],
        queryFn: () => selectRows<Row>(f.options!.flag, { page: 1, row: Math.max(1, ids.length), wheres: { id: ids } }),
        enabled: ids.length > 0,
        staleTime: 30_000,
      };
    }),
  });
  const names: ReferenceNames = emptyRecord();
  refs.forEach((f, i) => {
    const labelField = f.options!.labelField ?? 'name';
    names[f.name] = new Map((results[i]?.data?.rows ?? []).map((r) => [String(r.id), String(r[labelField] ?? r.id)]));
  });
  return names;
}
