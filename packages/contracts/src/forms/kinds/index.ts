import type { DescribedField, FieldKindDescriptor, ValueKindDescriptor } from './descriptor.ts';
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

// THE list of field kinds (issue 20): a kind is one file of this folder and one line here. Its order is the order
// the parser names the kinds in, and the order version 1 components are matched in (layout kinds first).

export const FORM_KIND_DESCRIPTORS = [
  textKind,
  textareaKind,
  passwordKind,
  numberKind,
  richTextKind,
  selectKind,
  cascaderKind,
  radioKind,
  checkboxKind,
  switchKind,
  sliderKind,
  timeKind,
  timeRangeKind,
  dateKind,
  dateRangeKind,
  rateKind,
  colorKind,
  uploadKind,
  rowKind,
  buttonKind,
  tableKind,
] as const;

type Descriptors = (typeof FORM_KIND_DESCRIPTORS)[number];
export type FormField = DescribedField<Descriptors>;
export type FormValueField = DescribedField<Extract<Descriptors, { layout: false }>>;
export type FormLayoutField = DescribedField<Extract<Descriptors, { layout: true }>>;
export type FormFieldKind = FormField['kind'];
/** Kinds that lay out or act, and hold no value. */
export type FormLayoutKind = FormLayoutField['kind'];
export type FormValueKind = FormValueField['kind'];
/** The field of one kind. */
export type FormFieldOf<K extends FormFieldKind> = Extract<FormField, { kind: K }>;

export const FORM_FIELD_KINDS: readonly FormFieldKind[] = FORM_KIND_DESCRIPTORS.map((d) => d.kind);
export const FORM_LAYOUT_KINDS: readonly FormLayoutKind[] = FORM_KIND_DESCRIPTORS.flatMap((d) => (d.layout ? [d.kind] : []));

const BY_KIND = new Map<string, FieldKindDescriptor<FormField>>(FORM_KIND_DESCRIPTORS.map((d) => [d.kind, d as FieldKindDescriptor<FormField>]));

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

export type { FormTextField } from './text.ts';
export type { FormTextareaField } from './textarea.ts';
export type { FormPasswordField } from './password.ts';
export type { FormNumberField } from './number.ts';
export type { FormRichTextField } from './richText.ts';
export type { FormSelectField } from './select.ts';
export type { FormCascaderField } from './cascader.ts';
export type { FormRadioField } from './radio.ts';
export type { FormCheckboxField } from './checkbox.ts';
export type { FormSwitchField } from './switch.ts';
export type { FormSliderField } from './slider.ts';
export type { FormTimeField } from './time.ts';
export type { FormTimeRangeField } from './timeRange.ts';
export type { FormDateField } from './date.ts';
export type { FormDateRangeField } from './dateRange.ts';
export type { FormRateField } from './rate.ts';
export type { FormColorField } from './color.ts';
export type { FormUploadField } from './upload.ts';
export type { FormRowField } from './row.ts';
export type { FormButtonField } from './button.ts';
export type { FormTableField } from './table.ts';
export type { FieldKindDescriptor, ValueKindDescriptor, LayoutKindDescriptor, FormColumnType, FormItemBase, FormValueBase } from './descriptor.ts';
export { formAcceptExtensions, checkFormUploadFile } from './upload.ts';
