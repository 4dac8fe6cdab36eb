import { formRuleMessage, formTextIn, formValueKind, type FormValueField } from '@qb/contracts';
import { kindCode } from '../../forms/kinds/code.ts';
import { codegenText, lit, textOf, type CodegenLanguage } from '../../forms/kinds/codeTexts.ts';

// The validation rules of a generated Form.Item (SPEC.md §5 "Generated rules"), as the preview renderer checks them.

/** SPEC.md §5: blur for what is typed (input, number input, rich text: the kinds whose message is 请输入), change for everything chosen. */
export const blurs = (field: FormValueField): boolean => formValueKind(field).message === 'enter';

/** Kinds whose value is a list (the required message says 请至少选择一个…): its code.ts's list. */
export function isArrayValued(field: FormValueField): boolean {
  return kindCode(field.kind).list?.(field) ?? false;
}

/**
 * The required message: the field's own, else for a list 请至少选择一个{label}, else its placeholder, else
 * {label}不能为空 (form-generator's rule, which SPEC.md §5 describes).
 */
export function requiredMessageOf(field: FormValueField, lang: CodegenLanguage): string {
  const own = field.rules?.requiredMessage;
  if (own && formTextIn(own, lang)) return formTextIn(own, lang);
  const label = textOf(field.label, lang);
  if (isArrayValued(field)) return codegenText(lang, 'requiredArray', { label });
  const placeholder = textOf(field.placeholder, lang);
  return placeholder || codegenText(lang, 'requiredEmpty', { label });
}

function rangeMessage(kind: 'length' | 'value' | 'count', min: number | undefined, max: number | undefined, title: string, lang: CodegenLanguage): string {
  if (kind === 'length') {
    if (min !== undefined && max !== undefined) return formRuleMessage('lengthBetween', lang, { title, min, max });
    return min !== undefined ? formRuleMessage('minLength', lang, { title, min }) : formRuleMessage('maxLength', lang, { title, max: max! });
  }
  if (kind === 'count') return min !== undefined ? formRuleMessage('minCount', lang, { title, min }) : formRuleMessage('maxCount', lang, { title, max: max! });
  if (min !== undefined && max !== undefined) return formRuleMessage('between', lang, { title, min, max });
  return min !== undefined ? formRuleMessage('min', lang, { title, min }) : formRuleMessage('max', lang, { title, max: max! });
}

/**
 * The `rules` array source of one field. `requiredExpr`: 'static' when the field is required, 'linked' when linkage
 * decides it, undefined when it is never required.
 */
export function rulesSource(field: FormValueField, lang: CodegenLanguage, requiredExpr: 'static' | 'linked' | undefined): string {
  // a change rule needs no trigger of its own (Form.Item validates on change); a rule with any key beyond
  // required/message is checked by type by antd's validator, so typed kinds name theirs
  const kind = formValueKind(field);
  const code = kindCode(field.kind);
  const trigger = blurs(field) ? ', validateTrigger: "onBlur"' : '';
  const title = textOf(field.label, lang);
  const rules = field.rules ?? {};
  const out: string[] = [];
  if (requiredExpr) {
    const type = isArrayValued(field) ? ', type: "array" as const' : code.requiredType ? `, type: "${code.requiredType}" as const` : '';
    // typed text (not a number) must be more than white space
    const whitespace = kind.typedText ? ', whitespace: true' : '';
    const rule = `required: ${requiredExpr === 'linked' ? `fieldStates(getFieldsValue(true))[${lit(field.name)}].required` : 'true'}${type}${whitespace}, message: ${lit(requiredMessageOf(field, lang))}${trigger}`;
    // a linked field's required state is read when the rule runs: the form's values then, not those of the last render
    out.push(requiredExpr === 'linked' ? `({ getFieldsValue }) => ({ ${rule} })` : `{ ${rule} }`);
  }
  // lengths of typed text; a rich text's HTML is not the text it shows (as patterns, not tested)
  if (kind.typedText && !kind.ignoresPatterns) {
    for (const [key, n] of [
      ['min', rules.minLength],
      ['max', rules.maxLength],
    ] as const) {
      if (n === undefined) continue;
      out.push(
        `{ type: "string" as const, ${key}: ${n}, message: ${lit(rangeMessage('length', key === 'min' ? n : undefined, key === 'max' ? n : undefined, title, lang))}${trigger} }`,
      );
    }
  }
  if (!kind.ignoresPatterns) {
    for (const p of rules.patterns ?? []) {
      const flags = (p.flags ?? '').replace(/[gy]/g, '');
      const message = (p.message && formTextIn(p.message, lang)) || formRuleMessage('pattern', lang, { title });
      out.push(`{ pattern: new RegExp(${lit(p.regex)}${flags ? `, ${lit(flags)}` : ''}), message: ${lit(message)}${trigger} }`);
    }
  }
  const { min, max } = rules;
  if (min !== undefined || max !== undefined) {
    if (kind.bounds?.(field) === 'count') {
      if (min !== undefined) out.push(`{ type: "array" as const, min: ${min}, message: ${lit(rangeMessage('count', min, undefined, title, lang))}${trigger} }`);
      if (max !== undefined) out.push(`{ type: "array" as const, max: ${max}, message: ${lit(rangeMessage('count', undefined, max, title, lang))}${trigger} }`);
    } else if (code.numberRule) {
      const bounds = [min !== undefined ? `min: ${min}` : '', max !== undefined ? `max: ${max}` : ''].filter(Boolean).join(', ');
      out.push(`{ type: "number" as const, ${bounds}, message: ${lit(rangeMessage('value', min, max, title, lang))}${trigger} }`);
    }
  }
  return `[${out.join(', ')}]`;
}
