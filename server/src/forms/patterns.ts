import vm from 'node:vm';
import { type FormSchema, formTextIn, formValueFields } from '@qb/contracts';
import { badRequest } from '../http/errors.ts';

/** The time all pattern rules of one save may take on the server, together. */
export const PATTERN_BUDGET_MS = 200;

const context = vm.createContext(Object.create(null));
const probe = new vm.Script('re.test(s)');

/**
 * A form's pattern rules are the designer's regular expressions, run by the server on every save of the bound table.
 * One with catastrophic backtracking (`^(a+)+$` on `aaaa…!`) would hold the event loop for seconds to days; here each
 * is run first under a time limit (V8 interrupts a running expression when a vm script's timeout passes), all of one
 * save together within PATTERN_BUDGET_MS. A pattern that does not finish refuses the save (400, nothing written);
 * those that do are then checked again, in the same time, by validateFormValues. docs/security.md.
 */
export function assertPatternsInTime(schema: FormSchema, values: Record<string, unknown>, lang: string): void {
  const deadline = Date.now() + PATTERN_BUDGET_MS;
  for (const field of formValueFields(schema)) {
    const patterns = 'rules' in field ? field.rules?.patterns : undefined;
    const value = values[field.name];
    if (!patterns?.length || value === undefined || value === null || value === '') continue;
    const text = String(value);
    for (const p of patterns) {
      let re: RegExp;
      try {
        re = new RegExp(p.regex, (p.flags ?? '').replace(/[gy]/g, ''));
      } catch {
        continue;
      }
      const left = deadline - Date.now();
      try {
        if (left <= 0) throw new Error('budget');
        context.re = re;
        context.s = text;
        probe.runInContext(context, { timeout: left });
      } catch {
        throw badRequest('formPatternTooSlow', { title: formTextIn(field.label, lang) || field.name });
      } finally {
        context.re = undefined;
        context.s = undefined;
      }
    }
  }
}
