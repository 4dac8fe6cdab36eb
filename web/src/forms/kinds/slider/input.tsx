import { Slider } from 'antd';
import type { FormFieldOf } from '@qb/contracts';
import type { KindInputProps, WebKindDescriptor } from '../descriptor.ts';

function SliderInput({ field, value, change, id, disabled, readOnly, rules }: KindInputProps<FormFieldOf<'slider'>>) {
  const min = rules.min ?? 0;
  const max = rules.max ?? 100;
  const common = { id, min, max, step: field.step ?? 1, dots: !!field.showStops, disabled: disabled || readOnly };
  return field.range ? (
    <Slider {...common} range value={Array.isArray(value) ? (value as [number, number]) : [min, min]} onChange={(v) => change(v)} />
  ) : (
    <Slider {...common} value={typeof value === 'number' ? value : min} onChange={(v) => change(v)} />
  );
}

const sliderKind: WebKindDescriptor<FormFieldOf<'slider'>> = { kind: 'slider', Input: SliderInput };
export default sliderKind;

declare module '../index.ts' {
  interface WebKindInputs {
    slider: typeof sliderKind;
  }
}
