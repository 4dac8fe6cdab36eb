import type { HookRegistry, TableHooks } from '../hooks/tableHooks.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { checkFormDefinition } from '../boundForms/binding.ts';

/**
 * sys_layTable: a form definition is checked as saved, inside the write's transaction (a refusal rolls the
 * write back): its formJson parses, and bound to a table its fields are that table's columns.
 */
export function layTableRule(registry: TableRegistry): TableHooks {
  return {
    afterWrite: async (_trx, change) => {
      if (change.action === 'delete' || !change.after) return;
      if (Number(change.after.isdelete ?? 0) === 1) return;
      checkFormDefinition(registry, change.after);
    },
  };
}

/** The rules of the designer's form definitions (sys_layTable). */
export function registerFormRules(hooks: HookRegistry, deps: { registry: TableRegistry }): void {
  hooks.on('sys_layTable', layTableRule(deps.registry));
}
