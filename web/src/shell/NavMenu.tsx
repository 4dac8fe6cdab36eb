import { useEffect, useMemo, useState } from 'react';
import { Menu, Spin, Empty, Button } from 'antd';
import type { MenuProps } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accordionOpenKeys, menuPathTo, walkMenu, type MenuNode } from '../app/menuTree.ts';
import { menuIcon } from '../app/menuIcons.tsx';
import { resolveManageRoute } from '../pages/manageRoutes.ts';
import { loadPage } from './pageLoader.ts';
import { useTabMenuStore, useTabsStore } from '../app/stores.ts';

type MenuItem = Required<MenuProps>['items'][number];

interface NavMenuProps {
  tree: MenuNode[];
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  collapsed: boolean;
  currentPath: string;
  menuLabel(node: MenuNode): string;
}

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

export function openExternal(href: string) {
  window.open(href, '_blank', 'noopener,noreferrer');
}

export function NavMenu({ tree, loading, failed, onRetry, collapsed, currentPath, menuLabel }: NavMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clickedMenu = useTabMenuStore((s) => s.menuOf[currentPath]);
  const branch = useMemo(() => menuPathTo(tree, currentPath, clickedMenu), [tree, currentPath, clickedMenu]);
  // open from the first render, not one render later: the menu (every item) rendered twice as a typed URL opened
  const [openKeys, setOpenKeys] = useState<string[]>(() => branch.slice(0, -1));

  // the branch of the current page opens by itself (and, being an accordion, closes the others)
  useEffect(() => {
    if (branch.length > 1) setOpenKeys((keys) => (sameKeys(keys, branch.slice(0, -1)) ? keys : branch.slice(0, -1)));
  }, [branch]);

  const nodesByKey = useMemo(() => new Map([...walkMenu(tree)].map((n) => [n.key, n])), [tree]);

  const items = useMemo(() => {
    const toItem = (node: MenuNode, depth: number): MenuItem => {
      const external = node.target.kind === 'external';
      const label = (
        <span data-menu-id={node.id}>
          {menuLabel(node)}
          {external && <ExportOutlined style={{ marginLeft: 6, fontSize: 11, opacity: 0.6 }} />}
        </span>
      );
      // the first level always has an icon (a default one when none was picked); deeper items show the one picked
      const icon = depth === 1 ? menuIcon(node.icon, node.children.length > 0) : node.icon ? menuIcon(node.icon, node.children.length > 0) : undefined;
      return node.children.length > 0
        ? { key: node.key, icon, label, children: node.children.map((c) => toItem(c, depth + 1)) }
        : { key: node.key, icon, label };
    };
    return tree.map((n) => toItem(n, 1));
  }, [tree, menuLabel]);

  if (loading) {
    return (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (failed || tree.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span style={{ color: 'rgba(255,255,255,0.65)' }}>{collapsed ? '' : t(failed ? 'shell.menuFailed' : 'shell.menuEmpty')}</span>}
      >
        {failed && !collapsed && (
          <Button size="small" onClick={onRetry}>
            {t('home.retry')}
          </Button>
        )}
      </Empty>
    );
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = nodesByKey.get(key);
    if (!node) return;
    if (node.target.kind === 'route') {
      // a page not open yet: start loading its code and first rows now, while the shell renders the click
      // (an open tab keeps its own rows, page and search: reading page 1 for it would be wasted)
      const route = resolveManageRoute(node.target.path);
      if (route && !useTabsStore.getState().tabs.includes(node.target.path)) loadPage(route).catch(() => undefined); // the page host shows a failed load
      useTabMenuStore.getState().remember(node.target.path, node.id);
      void navigate(node.target.path);
    } else if (node.target.kind === 'external') openExternal(node.target.href);
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={branch.length ? [branch[branch.length - 1]] : []}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(accordionOpenKeys(tree, openKeys, keys as string[]))}
      onClick={onClick}
      data-testid="nav-menu"
    />
  );
}
