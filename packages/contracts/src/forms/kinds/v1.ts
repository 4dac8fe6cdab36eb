import { formIconFromV1 } from '../iconsV1.ts';
import { at, isObj, show, type Obj, type Problems } from '../parseReader.ts';
import type { KindV1Context } from './descriptor.ts';

// Version 1 (form-generator's JSON, SPEC.md §3): helpers the kinds' migrations share.

export const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};
export const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Element UI / date-fns tokens (yyyy-MM-dd) -> dayjs (YYYY-MM-DD). */
export function dayjsFormat(format: unknown): string | undefined {
  if (typeof format !== 'string' || !format) return undefined;
  return format.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD').replace(/\bd\b/g, 'D');
}

/** '/^1\d{10}$/i' -> { regex, flags }; a source without slashes is taken as is. */
function splitRegexLiteral(text: string): { regex: string; flags?: string } {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(text.trim());
  if (!m) return { regex: text };
  return m[2] ? { regex: m[1]!, flags: m[2] } : { regex: m[1]! };
}

/** Element UI sizes -> antd's. */
export const V1_SIZES: Record<string, 'large' | 'middle' | 'small'> = { medium: 'middle', small: 'small', mini: 'small', large: 'large', default: 'middle' };

/** The component's maxlength as the rule maxLength. */
export function v1MaxLength({ item, rules }: KindV1Context) {
  const max = num(item.maxlength);
  if (max !== undefined && max > 0) rules.maxLength = max;
}

/** form-generator's regList as patterns. */
export function v1Patterns({ config, rules }: KindV1Context) {
  if (!Array.isArray(config.regList)) return;
  const patterns = config.regList
    .filter((reg): reg is Obj => isObj(reg) && typeof reg.pattern === 'string' && reg.pattern.trim() !== '')
    .map((reg) => ({ ...splitRegexLiteral(reg.pattern as string), ...(nonEmpty(reg.message) ? { message: { zh: reg.message as string } } : {}) }));
  if (patterns.length) rules.patterns = patterns;
}

/** form-generator's prefix-icon / suffix-icon, when the Element UI name has a counterpart (else dropped). */
export function v1Icons({ item, out }: KindV1Context) {
  const prefix = formIconFromV1(item['prefix-icon']);
  const suffix = formIconFromV1(item['suffix-icon']);
  if (prefix) out.prefixIcon = prefix;
  if (suffix) out.suffixIcon = suffix;
}

/** min / max of the component as the rules min / max (only above 0 when `positive`). */
export function v1Bounds({ item, rules }: KindV1Context, positive = false) {
  for (const k of ['min', 'max'] as const) {
    const n = num(item[k]);
    if (n !== undefined && (!positive || n > 0)) rules[k] = n;
  }
}

/** show-word-limit as showCount. */
export function v1ShowCount({ item, out }: KindV1Context) {
  if (item['show-word-limit'] === true) out.showCount = true;
}

/** The placeholders of a range picker's two ends. */
export function v1RangePlaceholders({ item, out }: KindV1Context) {
  if (nonEmpty(item['start-placeholder'])) out.startPlaceholder = { zh: item['start-placeholder'] };
  if (nonEmpty(item['end-placeholder'])) out.endPlaceholder = { zh: item['end-placeholder'] };
}

/** el-input's three kinds. */
export function v1InputKind({ item, icon }: KindV1Context): 'text' | 'textarea' | 'password' {
  return icon === 'textarea' || item.type === 'textarea' ? 'textarea' : icon === 'password' || item['show-password'] === true ? 'password' : 'text';
}

/** A static option list of form-generator (its labels and values under the names of props). */
export function v1Options(list: unknown, path: string, p: Problems, props: { label: string; value: string; children: string }): unknown {
  if (!Array.isArray(list)) return [];
  return list.map((o, i) => {
    if (!isObj(o)) {
      p.add(at(path, i), `must be { label, value }, not ${show(o)}`);
      return o;
    }
    const children = o[props.children];
    const value = o[props.value];
    return {
      label: { zh: String(o[props.label] ?? '') },
      value: typeof value === 'boolean' ? String(value) : value,
      ...(o.disabled === true ? { disabled: true } : {}),
      ...(Array.isArray(children) && children.length ? { children: v1Options(children, at(at(path, i), props.children), p, props) } : {}),
    };
  });
}
