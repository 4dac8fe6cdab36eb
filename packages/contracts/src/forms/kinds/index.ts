import type { DescribedField, FieldKindDescriptor, FormKindDescriptors, ValueKindDescriptor } from './descriptor.ts';
import { textKind } from './text.ts';
import { textareaKind } from './textarea.ts';
import { passwordKind } from './password.ts';
import { numberKind } from './number.ts';
import { richTextKind } from './richText.ts';
import { selectKind } from './select.ts';
import { cascaderKind } from './cascader.ts';
import { radioKind } from './radio.ts';
import { checkboxKind } from './checkbox.ts';
import { switchKind } from './switch.ts';
import { sliderKind } from './slider.ts';
import { timeKind } from './time.ts';
import { timeRangeKind } from './timeRange.ts';
import { dateKind } from './date.ts';
import { dateRangeKind } from './dateRange.ts';
import { rateKind } from './rate.ts';
import { colorKind } from './color.ts';
import { uploadKind } from './upload.ts';
import { rowKind } from './row.ts';
import { buttonKind } from './button.ts';
import { tableKind } from './table.ts';

// THE list of field kinds (issue 20, 32): a kind is one file of this folder and one line here, keyed by its name. The
// type is made from the kind files themselves (each adds itself to FormKindDescriptors), so a kind file not listed
// here fails the type check on this line. The order says nothing: the parser's message names the kinds in it, version
// 1 components are matched layout kinds first and each by one kind only (packages/contracts/test/kinds.test.ts), the
// palette orders by each web design's group and rank.

export const FORM_KIND_DESCRIPTORS: FormKindDescriptors = {
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

type Descriptors = FormKindDescriptors[keyof FormKindDescriptors];
const DESCRIPTORS: readonly Descriptors[] = Object.values(FORM_KIND_DESCRIPTORS);
export type FormField = DescribedField<Descriptors>;
export type FormValueField = DescribedField<Extract<Descriptors, { layout: false }>>;
export type FormLayoutField = DescribedField<Extract<Descriptors, { layout: true }>>;
export type FormFieldKind = FormField['kind'];
/** Kinds that lay out or act, and hold no value. */
export type FormLayoutKind = FormLayoutField['kind'];
export type FormValueKind = FormValueField['kind'];
/** The field of one kind. */
export type FormFieldOf<K extends FormFieldKind> = Extract<FormField, { kind: K }>;

export const FORM_FIELD_KINDS: readonly FormFieldKind[] = DESCRIPTORS.map((d) => d.kind);
export const FORM_LAYOUT_KINDS: readonly FormLayoutKind[] = DESCRIPTORS.flatMap((d) => (d.layout ? [d.kind] : []));

const BY_KIND = new Map<string, FieldKindDescriptor<FormField>>(DESCRIPTORS.map((d) => [d.kind, d as FieldKindDescriptor<FormField>]));

/** The descriptor of a kind (undefined for a kind that is none). */
export function formKindDescriptor(kind: string): FieldKindDescriptor<FormField> | undefined {
  return BY_KIND.get(kind);
}

/** Whether a kind holds a value (false for layout kinds, and for a kind that is none). */
export function isFormValueKind(kind: string): kind is FormValueKind {
  return BY_KIND.get(kind)?.layout === false;
}

/** The descriptor of a value field's kind. */
export function formValueKind<F extends FormValueField>(field: F): ValueKindDescriptor<F> {
  return BY_KIND.get(field.kind) as ValueKindDescriptor<F>;
}

/** SPEC.md §5: 请输入 for what is typed, 请选择 for what is chosen, 请上传 for files and images. */
export function formMessageKindOf(kind: FormValueKind): 'enter' | 'select' | 'upload' {
  const d = BY_KIND.get(kind);
  return d && !d.layout ? d.message : 'select';
}

export type {
  FormKindDescriptors,
  FieldKindDescriptor,
  ValueKindDescriptor,
  LayoutKindDescriptor,
  FormColumnType,
  FormItemBase,
  FormValueBase,
} from './descriptor.ts';
export { formAcceptExtensions, checkFormUploadFile } from './upload.ts';
