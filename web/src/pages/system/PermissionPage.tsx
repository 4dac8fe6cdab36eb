import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Input, Spin, Table, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GrantAction, MenuRow } from '@qb/contracts';
import { fetchMenuActions, fetchRoleGrants, saveRoleGrants, selectRows } from '../../api/index.ts';
import { buildMenuTree, type MenuNode } from '../../app/menuTree.ts';
import { useTitles } from '../menuTitles.ts';
import { useToast } from '../../app/toast.ts';
import { fetchMenu } from '../../api/system.ts';
import { ScopeControl } from './permissions/ScopeControl.tsx';
import { FieldRulesControl } from './permissions/FieldRulesControl.tsx';
import { parseRules, sameRules, type FieldRules } from './permissions/fieldRules.ts';
import { pageTableOf, type RowFilter } from './permissions/rowScope.ts';
import { useTables } from './permissions/scopeReading.ts';
import './system.css';

const ACTIONS: GrantAction[] = ['view', 'save', 'delete', 'import', 'export'];

interface RoleRow {
  id: number;
  name: string;
  parentId: number;
  isAdmin?: number;
  enable?: number;
}

interface RoleNode {
  key: number;
  title: string;
  children: RoleNode[];
}

/** The roles as a tree by parentId (SPEC.md §2: 角色列表). */
function roleTree(rows: RoleRow[]): RoleNode[] {
  const byParent = new Map<number, RoleRow[]>();
  for (const r of rows) byParent.set(Number(r.parentId) || 0, [...(byParent.get(Number(r.parentId) || 0) ?? []), r]);
  const ids = new Set(rows.map((r) => r.id));
  const build = (parent: number, depth: number): RoleNode[] =>
    depth > 20 ? [] : (byParent.get(parent) ?? []).map((r) => ({ key: r.id, title: r.name, children: build(r.id, depth + 1) }));
  // roles whose parent is gone are shown at the top
  const orphans = rows.filter((r) => Number(r.parentId) !== 0 && !ids.has(Number(r.parentId)));
  return [...build(0, 0), ...orphans.map((r) => ({ key: r.id, title: r.name, children: build(r.id, 1) }))];
}

interface GrantRow {
  key: number;
  node: MenuNode;
  children?: GrantRow[];
}

/**
 * 权限管理: the roles on the left; on the right the menu tree with a box per action each menu's page offers. What is
 * ticked is what the role gets, nothing more: a parent menu grants nothing to its children.
 */
export default function PermissionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = useQuery({
    queryKey: ['permission', 'roles'],
    queryFn: () => selectRows<RoleRow>('sys_role', { page: 1, row: 99999, wheres: { isdelete: 0 } }),
  });
  const menus = useQuery({ queryKey: ['permission', 'menus'], queryFn: fetchMenu });
  const offered = useQuery({ queryKey: ['permission', 'menuActions'], queryFn: fetchMenuActions });
  const [roleId, setRoleId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const grants = useQuery({ queryKey: ['permission', 'grants', roleId], queryFn: () => fetchRoleGrants(roleId!), enabled: roleId !== undefined });
  const [ticked, setTicked] = useState<Map<number, Set<GrantAction>>>(new Map());
  // 数据范围 per menu: as loaded, as on the page, and which the person changed (only those are sent: the others keep theirs)
  const [storedScopes, setStoredScopes] = useState<Map<number, RowFilter | null>>(new Map());
  const [scopes, setScopes] = useState<Map<number, RowFilter | null>>(new Map());
  const [changedScopes, setChangedScopes] = useState<Set<number>>(new Set());
  // 字段权限 per menu: as loaded and as on the page; only the grants whose rules differ from the loaded ones send theirs
  const [storedFields, setStoredFields] = useState<Map<number, FieldRules | null>>(new Map());
  const [fields, setFields] = useState<Map<number, FieldRules | null>>(new Map());
  const [saving, setSaving] = useState(false);
  const tables = useTables();

  useEffect(() => {
    if (!grants.data) return;
    setTicked(new Map(grants.data.grants.map((g) => [g.menuId, new Set(g.actions)])));
    const loaded = new Map(grants.data.grants.map((g) => [g.menuId, (g.rowFilter ?? null) as RowFilter | null]));
    setStoredScopes(loaded);
    setScopes(loaded);
    setChangedScopes(new Set());
    const loadedFields = new Map(grants.data.grants.map((g) => [g.menuId, parseRules(g.fieldRules) ?? null]));
    setStoredFields(loadedFields);
    setFields(loadedFields);
  }, [grants.data]);

  const tree = useMemo(() => buildMenuTree(((menus.data ?? []) as MenuRow[]).map((m) => ({ ...m, display: 1 }))), [menus.data]);
  const { menuLabel } = useTitles(tree);
  const offeredBy = useMemo(() => new Map((offered.data ?? []).map((m) => [m.menuId, m.actions])), [offered.data]);
  // the table each menu's grant filters (as the server reads it), for menus that offer actions
  const tableOf = useMemo(
    () => new Map((offered.data ?? []).flatMap((m) => (m.actions.length ? [[m.menuId, pageTableOf(m.url)] as const] : []))),
    [offered.data],
  );
  const roleRows = useMemo(() => roles.data?.rows ?? [], [roles.data]);
  const shownRoles = useMemo(() => {
    const k = keyword.trim();
    return roleTree(k ? roleRows.filter((r) => r.name.includes(k)).map((r) => ({ ...r, parentId: 0 })) : roleRows);
  }, [roleRows, keyword]);
  const role = roleRows.find((r) => r.id === roleId);

  const rows = useMemo(() => {
    const toRow = (node: MenuNode): GrantRow => ({ key: node.id, node, ...(node.children.length ? { children: node.children.map(toRow) } : {}) });
    return tree.map(toRow);
  }, [tree]);

  const toggle = (menuId: number, action: GrantAction, on: boolean) =>
    setTicked((prev) => {
      const next = new Map(prev);
      const set = new Set(next.get(menuId) ?? []);
      if (on) {
        set.add(action);
        // no action without seeing the rows
        set.add('view');
      } else {
        set.delete(action);
        if (action === 'view') set.clear();
      }
      next.set(menuId, set);
      return next;
    });

  const setScope = (menuId: number, filter: RowFilter | null) => {
    setScopes((prev) => new Map(prev).set(menuId, filter));
    setChangedScopes((prev) => new Set(prev).add(menuId));
  };
  const locked = !role || Number(role.isAdmin) === 1;

  const columns: ColumnsType<GrantRow> = [
    { title: t('permission.menu'), key: 'menu', width: 188, render: (_, r) => menuLabel(r.node) },
    ...ACTIONS.map((action) => ({
      title: t(`permission.action.${action}`),
      key: action,
      width: 62,
      align: 'center' as const,
      render: (_: unknown, r: GrantRow) =>
        offeredBy.get(r.key)?.includes(action) ? (
          <Checkbox
            checked={ticked.get(r.key)?.has(action) ?? false}
            disabled={locked}
            onChange={(e) => toggle(r.key, action, e.target.checked)}
            aria-label={`${menuLabel(r.node)} ${t(`permission.action.${action}`)}`}
            data-testid={`grant-${r.key}-${action}`}
          />
        ) : null,
    })),
    {
      title: t('permission.scope.column'),
      key: 'scope',
      width: 150,
      render: (_: unknown, r: GrantRow) => {
        const flag = tableOf.get(r.key);
        if (!flag || !ticked.get(r.key)?.has('view') || Number(role?.isAdmin) === 1) return null;
        return (
          <ScopeControl
            menuId={r.key}
            menu={menuLabel(r.node)}
            meta={tables.byFlag.get(flag)}
            filter={scopes.get(r.key) ?? null}
            stored={storedScopes.get(r.key) ?? null}
            disabled={locked}
            onChange={(filter) => setScope(r.key, filter)}
          />
        );
      },
    },
    {
      title: t('permission.fields.column'),
      key: 'fields',
      width: 116,
      render: (_: unknown, r: GrantRow) => {
        const flag = tableOf.get(r.key);
        if (!flag || !ticked.get(r.key)?.has('view') || Number(role?.isAdmin) === 1) return null;
        return (
          <FieldRulesControl
            menuId={r.key}
            menu={menuLabel(r.node)}
            meta={tables.byFlag.get(flag)}
            rules={fields.get(r.key) ?? null}
            disabled={locked}
            onChange={(next) => setFields((prev) => new Map(prev).set(r.key, next))}
          />
        );
      },
    },
  ];

  const save = async () => {
    if (roleId === undefined) return;
    setSaving(true);
    try {
      const list = [...ticked]
        .filter(([, set]) => set.size > 0)
        .map(([menuId, set]) => ({
          menuId,
          actions: ACTIONS.filter((a) => set.has(a)),
          // an unchanged 数据范围 is left out: the server keeps the stored one (even one this page cannot read)
          ...(changedScopes.has(menuId) && tableOf.get(menuId) ? { rowFilter: scopes.get(menuId) ?? null } : {}),
          // so are unchanged 字段权限 (a rule on a column the table no longer has stays as stored)
          ...(tableOf.get(menuId) && !sameRules(fields.get(menuId), storedFields.get(menuId)) ? { fieldRules: fields.get(menuId) ?? null } : {}),
        }));
      await saveRoleGrants(roleId, list);
      toast.success(t('crud.saved'));
      await queryClient.invalidateQueries({ queryKey: ['permission', 'grants', roleId] });
    } catch {
      // the call said the server's message (a refused filter: 400, nothing changed); the page keeps what was set
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="qb-panel qb-permission qb-permission-wide" data-testid="permission-page">
      <aside className="qb-permission-roles" aria-label={t('permission.roles')}>
        <h2 className="qb-permission-heading">{t('permission.roles')}</h2>
        <Input.Search allowClear placeholder={t('permission.findRole')} onChange={(e) => setKeyword(e.target.value)} aria-label={t('permission.findRole')} />
        {roles.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            treeData={shownRoles}
            selectedKeys={roleId === undefined ? [] : [roleId]}
            onSelect={(keys) => keys.length && setRoleId(Number(keys[0]))}
            data-testid="permission-role-tree"
          />
        )}
      </aside>
      <section className="qb-permission-grants">
        <div className="qb-permission-bar">
          <h2 className="qb-permission-heading">{role ? t('permission.grantsOf', { name: role.name }) : t('permission.chooseRole')}</h2>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={!role || Number(role.isAdmin) === 1} data-testid="permission-save">
            {t('forms.save')}
          </Button>
        </div>
        {role && Number(role.isAdmin) === 1 && <p className="qb-permission-note">{t('permission.adminRole')}</p>}
        {!role ? (
          <Empty description={t('permission.chooseRole')} />
        ) : (
          <Table<GrantRow>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={rows}
            pagination={false}
            loading={grants.isFetching || offered.isLoading}
            expandable={{ defaultExpandAllRows: true }}
            data-testid="permission-grants"
          />
        )}
      </section>
    </div>
  );
}
