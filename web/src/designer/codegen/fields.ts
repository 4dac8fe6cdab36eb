import type { FormValueField } from '@qb/contracts';
import { kindCode } from '../../forms/kinds/code.ts';
import { attr, type EmitContext, type FieldSource } from '../../forms/kinds/codeShared.ts';
import { textOf } from '../../forms/kinds/codeTexts.ts';
import { blurs } from './rules.ts';

// The control of a value field in a generated file (antd 6): what every field shares, then its kind's own
// (web/src/forms/kinds/<kind>/code.ts).

export type { EmitContext, FieldSource, Helper } from '../../forms/kinds/codeShared.ts';

/** The control of one value field; `disabled` is the attribute text (static or the linkage state). */
export function fieldSource(field: FormValueField, ctx: EmitContext, disabled: string): FieldSource {
  const blur = blurs(field);
  return kindCode(field.kind).source!(field, ctx, {
    placeholder: attr('placeholder', textOf(field.placeholder, ctx.lang) || undefined),
    rules: field.rules ?? {},
    readOnly: field.readonly ? ' readOnly' : '',
    disabled,
    off: field.readonly && !blur ? ' disabled' : disabled,
    onBlur: blur ? ' validateTrigger={["onChange", "onBlur"]}' : '',
    width: ' style={{ width: "100%" }}',
  });
}
