import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
import { asNumber, isBlankEnd, numberShape } from './shared.ts';
import { num, v1Bounds } from './v1.ts';

export interface FormSliderField extends FormValueBase {
  kind: 'slider';
  step?: number;
  /** the value is [low, high] */
  range?: boolean;
  showStops?: boolean;
}

/** A number on a slider, or a range [low, high]. */
export const sliderKind: ValueKindDescriptor<FormSliderField> = {
  kind: 'slider',
  title: { zh: '滑块', en: 'Slider' },
  layout: false,
  keys: ['step', 'range', 'showStops'],
  read({ r, put }) {
    put('step', r.num('step', Number.MIN_VALUE, Number.MAX_SAFE_INTEGER));
    put('range', r.bool('range'));
    put('showStops', r.bool('showStops'));
  },
  v1: {
    matches: (c) => c.tag === 'el-slider',
    read(c) {
      const { item, out } = c;
      v1Bounds(c);
      if (num(item.step) !== undefined) out.step = num(item.step);
      if (item.range === true) out.range = true;
      if (item['show-stops'] === true) out.showStops = true;
    },
  },
  message: 'select',
  rules: ['min', 'max'],
  isEmpty: (field, value) => !!field.range && Array.isArray(value) && value.some(isBlankEnd),
  shape(field, value) {
    if (field.range) return Array.isArray(value) && value.length === 2 && value.every((v) => asNumber(v) !== undefined) ? undefined : 'notNumber';
    return numberShape(value);
  },
  bounds: () => 'number',
  column(field) {
    if (field.range) return { type: 'nvarchar', length: 100 };
    return Number.isInteger(field.step ?? 1) ? { type: 'int' } : { type: 'float' };
  },
  listValued: (field) => !!field.range,
};

declare module './descriptor.ts' {
  interface FormKindDescriptors {
    slider: typeof sliderKind;
  }
}
