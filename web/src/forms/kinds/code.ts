import type { FormField, FormFieldKind, FormFieldOf } from '@qb/contracts';
import type { WebKindCode } from './codeShared.ts';
import { textCode } from './text/code.ts';
import { textareaCode } from './textarea/code.ts';
import { passwordCode } from './password/code.ts';
import { numberCode } from './number/code.ts';
import { richTextCode } from './richText/code.ts';
import { selectCode } from './select/code.ts';
import { cascaderCode } from './cascader/code.ts';
import { radioCode } from './radio/code.ts';
import { checkboxCode } from './checkbox/code.ts';
import { switchCode } from './switch/code.ts';
import { sliderCode } from './slider/code.ts';
import { timeCode } from './time/code.ts';
import { timeRangeCode } from './timeRange/code.ts';
import { dateCode } from './date/code.ts';
import { dateRangeCode } from './dateRange/code.ts';
import { rateCode } from './rate/code.ts';
import { colorCode } from './color/code.ts';
import { uploadCode } from './upload/code.ts';
import { rowCode } from './row/code.ts';
import { buttonCode } from './button/code.ts';
import { tableCode } from './table/code.ts';

// The code generator's facet of every field kind (kinds/<kind>/code.ts): its control in a generated file, its
// value type, its rule bits. Imported by designer/codegen only, which loads with the generator (docs/forms.md
// "Generated code"). Typed by the contract's kinds: a kind added there fails the type check until it is here.

export const WEB_KIND_CODE: { [K in FormFieldKind]: WebKindCode<FormFieldOf<K>> } = {
  text: textCode,
  textarea: textareaCode,
  password: passwordCode,
  number: numberCode,
  richText: richTextCode,
  select: selectCode,
  cascader: cascaderCode,
  radio: radioCode,
  checkbox: checkboxCode,
  switch: switchCode,
  slider: sliderCode,
  time: timeCode,
  timeRange: timeRangeCode,
  date: dateCode,
  dateRange: dateRangeCode,
  rate: rateCode,
  color: colorCode,
  upload: uploadCode,
  row: rowCode,
  button: buttonCode,
  table: tableCode,
};

/** The code generator's facet of a kind. */
export function kindCode(kind: FormFieldKind): WebKindCode<FormField> {
  return WEB_KIND_CODE[kind] as unknown as WebKindCode<FormField>;
}
