import { compileFormPattern, FORM_PATTERN_LIMITS, formRuleMessage, formTextIn, formValueFields, type FormSchema } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';

/**
 * A form's pattern rules run on every save of the bound table, in the linear-time engine of @qb/contracts
 * (patternEngine.ts: RE2, no backtracking), so no pattern stalls the event loop however it is written. One check
 * costs at most FORM_PATTERN_LIMITS.work (characters × compiled instructions, about 20 ms in the slowest case);
 * this bounds all the checks of one save together the same way, before validateFormValues runs them: a save over
 * it is refused (400 naming the field where the budget ran out), nothing written. docs/security.md round 3 #3.
 */
export function assertPatternWorkBounded(schema: FormSchema, values: Record<string, unknown>, lang: string): void {
  let work = 0;
  for (const field of formValueFields(schema)) {
    const patterns = 'rules' in field ? field.rules?.patterns : undefined;
    const value = values[field.name];
    if (!patterns?.length || value === undefined || value === null || value === '') continue;
    const length = String(value).length + 1;
    for (const p of patterns) {
      const compiled = compileFormPattern(p);
      // a pattern the engine cannot run, or one check over the limit, is refused by validateFormValues unrun
      const one = compiled.ok ? length * compiled.program.instructions : 0;
      if (one <= FORM_PATTERN_LIMITS.work) work += one;
      if (work > FORM_PATTERN_LIMITS.work) {
        throw badRequest('formValuesInvalid', { problems: formRuleMessage('patternsTooLong', lang, { title: formTextIn(field.label, lang) || field.name }) });
      }
    }
  }
}
