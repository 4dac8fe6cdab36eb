import { ownValue } from '@qb/contracts';
import type { Dayjs } from 'dayjs';
import type { Wheres } from '@qb/contracts';
import { isFilled, leafOf } from '../forms/options.ts';
import type { FieldDef } from './types.ts';

/** The search bar's values -> `wheres`: only the fields that were filled in are sent. */
export function buildSearchWheres(values: Record<string, unknown>, fields: FieldDef[]): Wheres {
  const wheres: Wheres = {};
  for (const field of fields) {
    if (!field.search) continue;
    const raw = ownValue(values, field.name);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!isFilled(value)) continue;
    const kind = field.search.kind ?? 'input';
    if (kind === 'input') {
      wheres[field.name] = field.search.op === 'eq' ? (value as string) : { type: 'like', value: value as string };
    } else if (kind === 'cascader') {
      wheres[field.name] = leafOf(value) as number;
    } else if (kind === 'dateRange') {
      const [from, to] = value as [Dayjs, Dayjs];
      wheres[field.name] = { type: 'between', value: [from.format('YYYY-MM-DD 00:00:00'), to.format('YYYY-MM-DD 23:59:59')] };
    } else {
      wheres[field.name] = value as number | string;
    }
  }
  return wheres;
}
