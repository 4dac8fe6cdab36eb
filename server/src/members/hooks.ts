import type { HookRegistry } from '../hooks/tableHooks.ts';
import { billFlowBalance } from './billFlowBalance.ts';

/** The rules of the member tables: a bill flow moves its member's balance (billFlowBalance.ts). */
export function registerMemberRules(hooks: HookRegistry): void {
  hooks.on('userBillFlow', billFlowBalance);
}
