import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, enableEnum } from './enums.ts';

function roleConfig(key: string, titleKey: string, tree: boolean): CrudPageConfig {
  return {
    key,
    flag: 'sys_role',
    titleKey,
    // the role list reads every role (row 99999) and builds the tree here (SPEC.md §3, §9)
    ...(tree ? { tree: { parentField: 'parentId', mode: 'client' as const } } : {}),
    fields: [
      { name: 'name', titleKey: 'pages.role.name', column: { width: 200 }, search: {} },
      { name: 'parentId', titleKey: 'pages.role.parentId', options: { flag: 'sys_role', treeParent: 'parentId' }, form: { required: false } },
      { name: 'department', titleKey: 'pages.role.department', search: {} },
      { name: 'enable', titleKey: 'pages.role.enable', enum: enableEnum },
      createTimeField,
    ],
  };
}

/** 角色管理: a paged list, the parent shown by name. */
export const roleConfigPaged = roleConfig('role', 'route.role', false);
/** 角色列表: the whole role tree. */
export const roleListConfig = roleConfig('roleList', 'route.roleList', true);

export function RolePage() {
  return <CrudPage config={roleConfigPaged} />;
}

export function RoleListPage() {
  return <CrudPage config={roleListConfig} />;
}
