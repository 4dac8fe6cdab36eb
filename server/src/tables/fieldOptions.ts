import { moreCharactersThan } from '../crud/values.ts';
import type { ReferenceRefusal } from '../schema/references.ts';

/** At most this many values in one enumeration (a read-back enum type with more is rare; a dropdown of more is unusable). */
export const MAX_OPTIONS = 500;
/** A label of a value, in either language. */
export const MAX_OPTION_LABEL = 100;

const NUMERIC = new Set(['int', 'float', 'money']);
const TEXT = new Set(['nvarchar', 'ntext']);

/**
 * Why the enumeration a column definition stores (sys_tableFields.options, JSON `[{"value":1,"zh":"男","en":"Male"}]`)
 * cannot be served, in both languages; undefined when it can. The loader (schema/runtime.ts) used to drop the whole
 * created table from the registry over an enumeration it could not read, and a value the column cannot hold made
 * every save of the dropdown a database error; both are refused when the field is saved (issue 31 #3).
 */
export function optionsRefusal(field: { type?: unknown; length?: unknown; options?: unknown; refTable?: unknown }): ReferenceRefusal | undefined {
  const raw = field.options;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  if (field.refTable !== null && field.refTable !== undefined && String(field.refTable).trim() !== '') {
    return { zh: '枚举值和引用表只能设置其中一个', en: 'a column has either an enumeration or a reference, not both' };
  }
  const type = String(field.type ?? 'nvarchar');
  if (!NUMERIC.has(type) && !TEXT.has(type)) {
    return { zh: `${type} 类型的字段不能设置枚举值`, en: `a column of type ${type} cannot have an enumeration` };
  }
  let list: unknown;
  try {
    list = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    return { zh: '不是合法的 JSON', en: 'it is not valid JSON' };
  }
  if (!Array.isArray(list) || list.length === 0) return { zh: '须是至少含一项的列表', en: 'it must be a list of at least one value' };
  if (list.length > MAX_OPTIONS) return { zh: `最多 ${MAX_OPTIONS} 项`, en: `at most ${MAX_OPTIONS} values` };
  const length = field.length === null || field.length === undefined || field.length === '' ? 50 : Number(field.length);
  const seen = new Set<string>();
  for (const [i, o] of list.entries()) {
    const n = i + 1;
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return { zh: `第 ${n} 项不是对象`, en: `value ${n} is not an object` };
    const { value, zh, en, color } = o as Record<string, unknown>;
    if (typeof zh !== 'string' || zh.trim() === '') return { zh: `第 ${n} 项缺少中文名称`, en: `value ${n} has no Chinese label` };
    if ((en !== undefined && en !== null && typeof en !== 'string') || (color !== undefined && typeof color !== 'string')) {
      return { zh: `第 ${n} 项的英文名称或颜色不是文字`, en: `the English label or colour of value ${n} is not text` };
    }
    if (moreCharactersThan(zh, MAX_OPTION_LABEL) || (typeof en === 'string' && moreCharactersThan(en, MAX_OPTION_LABEL))) {
      return { zh: `第 ${n} 项的名称超过 ${MAX_OPTION_LABEL} 个字符`, en: `a label of value ${n} is over ${MAX_OPTION_LABEL} characters` };
    }
    if (NUMERIC.has(type)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || (type === 'int' && !Number.isInteger(value))) {
        const what = type === 'int' ? { zh: '整数', en: 'an integer' } : { zh: '数字', en: 'a number' };
        return { zh: `第 ${n} 项的值须是${what.zh}`, en: `value ${n} must be ${what.en}` };
      }
    } else {
      if (typeof value !== 'string' || value === '') return { zh: `第 ${n} 项的值须是非空文字`, en: `value ${n} must be non-empty text` };
      if (type === 'nvarchar' && moreCharactersThan(value, length)) {
        return { zh: `第 ${n} 项的值超过字段长度 ${length}`, en: `value ${n} is longer than the column's length ${length}` };
      }
    }
    const key = String(value);
    if (seen.has(key)) return { zh: `值 ${key.slice(0, 40)} 重复`, en: `the value ${key.slice(0, 40)} is listed twice` };
    seen.add(key);
  }
  return undefined;
}
