import { useMemo, useState } from 'react';
import { TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '@qb/contracts';
import { menuQuery } from '../../app/queryClient.ts';
import { useMenuName } from '../menuTitles.ts';

/** The value of "the server's choice": the group 数据页面, made on first use (POST /api/datasources/menu/ without parentMenu). */
export const DEFAULT_PARENT = -1;

interface TreeNode {
  value: number;
  title: string;
  children?: TreeNode[];
}

/** Menu groups (rows without a route) as a tree, hidden ones included and said so, named in the page's language. */
function groupTree(rows: MenuRow[], name: (row: MenuRow) => string, hidden: string): TreeNode[] {
  const groups = rows.filter((r) => !(r.url ?? '').trim());
  const grow = (parent: number, seen: Set<number>): TreeNode[] =>
    groups
      .filter((r) => (Number(r.parentMenu) || 0) === parent && !seen.has(r.id))
      .map((r) => {
        const children = grow(r.id, new Set(seen).add(r.id));
        return { value: r.id, title: Number(r.display) === 1 ? name(r) : `${name(r)}（${hidden}）`, ...(children.length ? { children } : {}) };
      });
  return grow(0, new Set());
}

/**
 * 生成页面 asks where the new menu goes: the default group 数据页面, the top level, or any menu group (the
 * navigation shows three levels: a group at the third level would hide the page).
 */
export function GeneratedPageParent({ onChange }: { onChange(parentMenu: number | undefined): void }) {
  const { t } = useTranslation();
  const menuName = useMenuName();
  const menus = useQuery(menuQuery);
  const [value, setValue] = useState(DEFAULT_PARENT);
  const treeData = useMemo(
    () => [
      { value: DEFAULT_PARENT, title: t('pages.menu.generatedDefault') },
      { value: 0, title: t('pages.menu.root'), children: groupTree(menus.data ?? [], menuName, t('pages.menu.hidden')) },
    ],
    [menus.data, menuName, t],
  );
  return (
    <div data-testid="generated-page-parent">
      <Typography.Paragraph>
        <label htmlFor="generated-page-parent">{t('pages.menu.generatedWhere')}</label>
      </Typography.Paragraph>
      <TreeSelect
        id="generated-page-parent"
        value={value}
        onChange={(v: number) => {
          setValue(v);
          onChange(v === DEFAULT_PARENT ? undefined : v);
        }}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        loading={menus.isLoading}
        style={{ width: '100%' }}
        data-testid="generated-page-parent-select"
      />
    </div>
  );
}
