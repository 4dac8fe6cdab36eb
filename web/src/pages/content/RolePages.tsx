import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';

/** 角色管理: a paged list, the parent shown by name. */
export const rolePage: PageOverrides = { key: 'role', flag: 'sys_role', titleKey: 'route.role' };
/** 角色列表: every role read at once (row 99999) and built into a tree here (SPEC.md §3, §9). */
export const roleListPage: PageOverrides = { key: 'roleList', flag: 'sys_role', titleKey: 'route.roleList', tree: { parentField: 'parentId', mode: 'client' } };

export function RolePage() {
  return <TablePage page={rolePage} />;
}

export function RoleListPage() {
  return <TablePage page={roleListPage} />;
}
