import { useEffect, useMemo, useState } from 'react';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, saveRow } from '../../api/index.ts';
import { TablePage } from '../../crud/TablePage.tsx';
import type { FieldOverride, PageOverrides } from '../../crud/configFromMeta.ts';
import type { Row } from '../../crud/types.ts';
import { useCan } from '../../app/access.ts';
import { useToast } from '../../app/toast.ts';
import { useUserInfo } from '../../app/shellData.ts';
import { parentTreeSelect } from '../system/ParentTreeSelect.tsx';

const RoleParentSelect = parentTreeSelect({ flag: 'sys_role', parentField: 'parentId', rootKey: 'pages.role.root', testId: 'role-parent' });

/** 是否启用 as a switch in the list: toggling saves {id, enable} at once (only for a role that may save roles). */
function EnableSwitch({ row, value }: { row: Row; value: unknown }) {
  const { t } = useTranslation();
  const toast = useToast();
  const can = useCan('sys_role');
  const [on, setOn] = useState(Number(value) === 1);
  const [saving, setSaving] = useState(false);
  useEffect(() => setOn(Number(value) === 1), [value]);
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await saveRow('sys_role', { id: row.id, enable: next ? 1 : 0 });
      setOn(next);
      toast.success(t('crud.saved'));
    } catch (error) {
      // the server's message (the last administrator role, no grant); the switch stays as it was
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error(error instanceof Error ? error.message : t('http.failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={on}
      loading={saving}
      disabled={!can.save}
      onChange={(next) => void change(next)}
      aria-label={t('pages.role.enableOf', { name: String(row.name ?? '') })}
      data-testid={`role-enable-${String(row.id)}`}
    />
  );
}

const roleFields: Record<string, FieldOverride> = {
  // at 1280 px every column and the fixed 操作 fit side by side, 创建时间 whole (issue 31 #8); 'Administrator' and
  // its sort arrows still fit
  name: { column: { width: 150 } },
  parentId: { component: RoleParentSelect, column: { width: 110 } },
  department: { column: { width: 120 } },
  enable: { column: { width: 100, render: (value, row) => <EnableSwitch row={row} value={value} /> } },
  isAdmin: { column: { width: 130 } },
};

/** 角色管理: every role as a tree by parentId (built here, SPEC.md §3), the parent picked under 顶级角色, enable a switch. */
export const rolePage: PageOverrides = {
  key: 'role',
  flag: 'sys_role',
  titleKey: 'route.role',
  tree: { parentField: 'parentId', mode: 'client' },
  fields: roleFields,
};
/** 角色列表: every role read at once (row 99999) and built into a tree here (SPEC.md §3, §9). */
export const roleListPage: PageOverrides = {
  key: 'roleList',
  flag: 'sys_role',
  titleKey: 'route.roleList',
  tree: { parentField: 'parentId', mode: 'client' },
  fields: roleFields,
};

/** The administrator property of a role is set by administrators only (docs/permissions.md): others do not see it in the form. */
function useRolePage(page: PageOverrides): PageOverrides {
  const isAdmin = useUserInfo().data?.isAdmin !== false;
  return useMemo(() => (isAdmin ? page : { ...page, fields: { ...page.fields, isAdmin: { ...page.fields?.isAdmin, form: false } } }), [isAdmin, page]);
}

export function RolePage() {
  return <TablePage page={useRolePage(rolePage)} />;
}

export function RoleListPage() {
  return <TablePage page={useRolePage(roleListPage)} />;
}
