import { emptyRecord } from '@qb/contracts';
import { useMemo } from 'react';
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

/** The columns shown by the name of the row they refer to. */
const referenceFields = (fields: FieldDef[]) => fields.filter((f) => f.options && !f.enum && f.column !== false);

/**
 * The read of each reference column's names for these rows: the hook's queries, and what crud/prefetch.ts starts
 * beside a page's first rows (the same keys), so that the table's first render has the names.
 */
export function referenceQueries(fields: FieldDef[], rows: Row[]) {
  return referenceFields(fields).map((f) => {
    const ids = referencedIds(rows, f.name);
    return {
      queryKey: ['refNames', f.options!.flag, ids.join(',')],
      queryFn: () => selectRows<Row>(f.options!.flag, { page: 1, row: Math.max(1, ids.length), wheres: { id: ids } }),
      enabled: ids.length > 0,
      staleTime: 30_000,
    };
  });
}

/**
 * Reference columns are shown by name: for each one, the referenced rows of this page are read in one
 * call (`wheres id IN [...]`), cached by the set of ids. The answer is the same object until a read answers
 * (the table makes its columns again, and renders every cell, only then).
 */
export function useReferenceNames(fields: FieldDef[], rows: Row[]): ReferenceNames {
  const refs = referenceFields(fields);
  const queries = referenceQueries(refs, rows);
  const results = useQueries({ queries });
  const datas = results.map((r) => r.data);
  // what the names are made of: the columns, the rows asked for and when each answer arrived
  const stamp = refs
    .map((f, i) => `${f.name}\u0000${String(f.options!.labelField)}\u0000${queries[i]!.queryKey.join('/')}\u0000${results[i]?.dataUpdatedAt ?? 0}`)
    .join('\u0001');
  return useMemo(() => {
    const names: ReferenceNames = emptyRecord();
    refs.forEach((f, i) => {
      const labelField = f.options!.labelField ?? 'name';
      names[f.name] = new Map((datas[i]?.rows ?? []).map((r) => [String(r.id), String(r[labelField] ?? r.id)]));
    });
    return names;
    // the stamp stands for the columns and their answers (both arrays are made again on every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
}
