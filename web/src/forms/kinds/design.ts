import type { FormField, FormFieldKind, FormFieldOf } from '@qb/contracts';
import type { WebKindDesign } from './descriptor.ts';

export type { ValueShape, WebKindDesign, PanelKit } from './descriptor.ts';
import { textDesign } from './text/design.tsx';
import { textareaDesign } from './textarea/design.tsx';
import { passwordDesign } from './password/design.tsx';
import { numberDesign } from './number/design.tsx';
import { richTextDesign } from './richText/design.tsx';
import { selectDesign } from './select/design.tsx';
import { cascaderDesign } from './cascader/design.tsx';
import { radioDesign } from './radio/design.tsx';
import { checkboxDesign } from './checkbox/design.tsx';
import { switchDesign } from './switch/design.tsx';
import { sliderDesign } from './slider/design.tsx';
import { timeDesign } from './time/design.tsx';
import { timeRangeDesign } from './timeRange/design.tsx';
import { dateDesign } from './date/design.tsx';
import { dateRangeDesign } from './dateRange/design.tsx';
import { rateDesign } from './rate/design.tsx';
import { colorDesign } from './color/design.tsx';
import { uploadDesign } from './upload/design.tsx';
import { rowDesign } from './row/design.tsx';
import { buttonDesign } from './button/design.tsx';
import { tableDesign } from './table/design.tsx';

// The designer's facet of every field kind (kinds/<kind>/design.tsx): palette entry and icon, the new item, the
// property panel's own rows, the store's and linkage's kind bits. Loaded with the designer only (the table pages
// load kinds/index.ts). Typed by the contract's kinds: a kind added there fails the type check until it is here.

export const WEB_KIND_DESIGNS: { [K in FormFieldKind]: WebKindDesign<FormFieldOf<K>> } = {
  text: textDesign,
  textarea: textareaDesign,
  password: passwordDesign,
  number: numberDesign,
  richText: richTextDesign,
  select: selectDesign,
  cascader: cascaderDesign,
  radio: radioDesign,
  checkbox: checkboxDesign,
  switch: switchDesign,
  slider: sliderDesign,
  time: timeDesign,
  timeRange: timeRangeDesign,
  date: dateDesign,
  dateRange: dateRangeDesign,
  rate: rateDesign,
  color: colorDesign,
  upload: uploadDesign,
  row: rowDesign,
  button: buttonDesign,
  table: tableDesign,
};

/** The designer's facet of a kind. */
export function kindDesign(kind: FormFieldKind): WebKindDesign<FormField> {
  return WEB_KIND_DESIGNS[kind] as unknown as WebKindDesign<FormField>;
}
