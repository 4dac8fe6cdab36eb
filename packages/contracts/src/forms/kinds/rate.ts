import { formRuleMessage } from '../messages.ts';
import { at } from '../parseReader.ts';
import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { asNumber, numberShape } from './shared.ts';
import { num } from './v1.ts';

export interface FormRateField extends FormValueBase {
  kind: 'rate';
  /** number of stars, default 5 */
  count?: number;
  allowHalf?: boolean;
  /** SPEC.md §4: show text and show score exclude each other */
  showText?: boolean;
  showScore?: boolean;
}

/** The number of stars when the field names none. */
export const FORM_RATE_COUNT = 5;

/** Stars: a number from 0 (not rated) to `count`. */
export const rateKind: ValueKindDescriptor<FormRateField> = {
  kind: 'rate',
  title: { zh: '评分', en: 'Rate' },
  layout: false,
  keys: ['count', 'allowHalf', 'showText', 'showScore'],
  read({ r, put }) {
    put('count', r.num('count', 1, 20, true));
    put('allowHalf', r.bool('allowHalf'));
    put('showText', r.bool('showText'));
    put('showScore', r.bool('showScore'));
    if (r.o.showText === true && r.o.showScore === true) r.p.add(at(r.path, 'showScore'), 'cannot be on together with showText');
  },
  v1: {
    matches: (c) => c.tag === 'el-rate',
    read({ item, out }) {
      const count = num(item.max);
      if (count !== undefined && count !== FORM_RATE_COUNT) out.count = count;
      if (item['allow-half'] === true) out.allowHalf = true;
      if (item['show-text'] === true) out.showText = true;
      else if (item['show-score'] === true) out.showScore = true;
    },
  },
  message: 'select',
  rules: [],
  // 0 stars is not rated
  isEmpty: (_field, value) => Number(value) === 0,
  shape: (_field, value) => numberShape(value),
  check: (field, value, lang, title) =>
    asNumber(value)! > (field.count ?? FORM_RATE_COUNT) ? formRuleMessage('max', lang, { title, max: field.count ?? FORM_RATE_COUNT }) : undefined,
  column: (field) => (field.allowHalf ? { type: 'float' } : { type: 'int' }),
  listValued: () => false,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    rate: typeof rateKind;
  }
}
