import type { ChangeBus } from '../db/changes.ts';
import type { CrudService } from '../crud/service.ts';
import type { DataSources } from '../datasources/sources.ts';
import type { HookRegistry } from '../hooks/tableHooks.ts';
import type { TableRegistry } from '../schema/registry.ts';
import { bumpRegistryVersion, type RegistrySync } from '../schema/sync.ts';
import { connsqlRules } from './connsql.ts';
import { fieldDefaultRule } from './fieldRules.ts';
import { fieldReferenceRule } from './fieldReferences.ts';
import { inUseRules } from './inUse.ts';
import { sheetRule } from './sheetRules.ts';

/** What the rules of the data-table manager's tables use of the app. */
export interface TableRulesDeps {
  registry: TableRegistry;
  registrySync: Pick<RegistrySync, 'reload'>;
  changes: Pick<ChangeBus, 'publish'>;
  sessions: { forgetAll(): void };
  sources: DataSources;
  crud: CrudService;
}

/**
 * The rules of the tables this folder manages: data sources (sys_connsql), table definitions (sys_dataSheet) and
 * their columns (sys_tableFields); then the in-use rules of the built-in tables (inUse.ts), which come after each
 * table's own rules (the rules of a table run in the order added).
 */
export function registerTableRules(hooks: HookRegistry, deps: TableRulesDeps): void {
  // a column may reference only what cannot widen a grant (schema/references.ts); its default and options fit its type
  hooks.on('sys_tableFields', fieldReferenceRule(deps.registry));
  hooks.on('sys_tableFields', fieldDefaultRule);
  for (const flag of ['sys_dataSheet', 'sys_tableFields']) {
    // a table's references decide grants of `view` (access/grants.ts): sessions reload theirs with the new registry
    hooks.on(flag, {
      afterWrite: async (trx) => {
        await bumpRegistryVersion(trx);
        await deps.changes.publish(trx, { topic: 'registry' });
      },
      afterCommit: async () => {
        await deps.registrySync.reload();
        deps.sessions.forgetAll();
      },
    });
  }
  // the password is write-only and encrypted; a saved or deleted source's pool closes (connsql.ts)
  hooks.on('sys_connsql', connsqlRules(deps.sources.secretBox, deps.sources));
  // a row still used by others is not deleted; what belongs to it alone goes with it
  for (const [flag, rule] of inUseRules(deps.crud, deps.registry)) hooks.on(flag, rule);
  // a created table keeps its name and source
  hooks.on('sys_dataSheet', sheetRule);
}
