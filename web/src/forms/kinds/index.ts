import type { FormFieldKind, FormFieldOf } from '@qb/contracts';
import type { WebKindDescriptor } from './descriptor.ts';
import { textKind } from './text/input.tsx';
import { textareaKind } from './textarea/input.tsx';
import { passwordKind } from './password/input.tsx';
import { numberKind } from './number/input.tsx';
import { richTextKind } from './richText/input.tsx';
import { selectKind } from './select/input.tsx';
import { cascaderKind } from './cascader/input.tsx';
import { radioKind } from './radio/input.tsx';
import { checkboxKind } from './checkbox/input.tsx';
import { switchKind } from './switch/input.tsx';
import { sliderKind } from './slider/input.tsx';
import { timeKind } from './time/input.tsx';
import { timeRangeKind } from './timeRange/input.tsx';
import { dateKind } from './date/input.tsx';
import { dateRangeKind } from './dateRange/input.tsx';
import { rateKind } from './rate/input.tsx';
import { colorKind } from './color/input.tsx';
import { uploadKind } from './upload/input.tsx';
import { rowKind } from './row/input.tsx';
import { buttonKind } from './button/input.tsx';
import { tableKind } from './table/input.tsx';

// THE web list of field kinds (issue 20): what the table pages know of each kind (its control). Typed by the
// contract's kinds: a kind added to FORM_KIND_DESCRIPTORS fails the type check until its folder exists here and is
// listed. The designer's facets are listed in kinds/design.ts, the code generator's in kinds/code.ts.

export const WEB_KIND_DESCRIPTORS: { [K in FormFieldKind]: WebKindDescriptor<FormFieldOf<K>> } = {
  text: textKind,
  textarea: textareaKind,
  password: passwordKind,
  number: numberKind,
  richText: richTextKind,
  select: selectKind,
  cascader: cascaderKind,
  radio: radioKind,
  checkbox: checkboxKind,
  switch: switchKind,
  slider: sliderKind,
  time: timeKind,
  timeRange: timeRangeKind,
  date: dateKind,
  dateRange: dateRangeKind,
  rate: rateKind,
  color: colorKind,
  upload: uploadKind,
  row: rowKind,
  button: buttonKind,
  table: tableKind,
};

export type { WebKindDescriptor, KindInputProps } from './descriptor.ts';
