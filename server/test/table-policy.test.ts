import { describe, expect, it } from 'vitest';
import { SYSTEM_FORM_TABLES } from '../src/boundForms/binding.ts';
import { assertAllowed, type Caller } from '../src/access/index.ts';
import { builtinTables } from '../src/schema/builtin.ts';

/** Who writes a table is declared on the table (schema/builtin.ts), and read where it is enforced. */
describe('table policy declared on the table', () => {
  it('the back-office tables take no form; the business tables do', () => {
    expect([...SYSTEM_FORM_TABLES].sort()).toEqual(
      [
        'sys_connsql',
        'sys_dataMana',
        'sys_dataSheet',
        'sys_ddlHistory',
        'sys_layList',
        'sys_layTable',
        'sys_loginLog',
        'sys_menu',
        'sys_operationLog',
        'sys_role',
        'sys_tableFields',
        'sys_user',
        'sys_config',
      ].sort(),
    );
    for (const flag of ['questionBank', 'questionsClass', 'questionsSmallClass', 'sys_member', 'userBillFlow', 'testList'])
      expect(SYSTEM_FORM_TABLES.has(flag), flag).toBe(false);
  });

  it('a table only administrators write refuses every write of anyone else, whatever the grants', () => {
    const guarded = builtinTables.filter((t) => t.writers === 'administrators').map((t) => t.flag);
    expect(guarded).toEqual(['sys_user']);
    const everything = new Set(['view', 'save', 'delete', 'import', 'export'] as const);
    const granted: Caller = {
      id: 7,
      loginid: 'editor',
      name: 'editor',
      isAdmin: false,
      grants: new Map(guarded.map((f) => [f, everything])),
      menuIds: new Set(),
      urls: new Set(),
    };
    for (const flag of guarded) {
      for (const action of ['save', 'delete', 'import'] as const) expect(() => assertAllowed(granted, flag, action), `${flag} ${action}`).toThrow();
      expect(() => assertAllowed(granted, flag, 'view')).not.toThrow();
    }
  });
});
