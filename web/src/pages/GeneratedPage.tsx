import { ownValue } from '@qb/contracts';
import { useMemo } from 'react';
import { Spin } from 'antd';
import { TablePage } from '../crud/TablePage.tsx';
import { applyLayout, useMenuLayout } from '../crud/layoutRecord.ts';
import { isUnknownTable, useTableMeta } from '../crud/tableMeta.ts';
import { usePagePath } from '../app/pageContext.ts';
import { walkMenu } from '../app/menuTree.ts';
import { useMenuTree } from '../app/shellData.ts';
import NotFoundPage from './NotFoundPage.tsx';
import { generatedPageOf } from './manageRoutes.ts';
import { generatedPageOverrides } from './system/generatedOverrides.ts';
import { tableImportButton } from '../import/tableImportButton.tsx';

/**
 * /manage/:name without a page module of its own: the generic page of the table `name`, from its metadata alone,
 * or from the layout record (sys_layList, the menu page's 数据设计) of the menu that opens it when there is one.
 */
export default function GeneratedPage() {
  const path = usePagePath();
  const flag = path.slice('/manage/'.length);
  const meta = useTableMeta(flag);
  const menu = useMenuTree();
  const menuId = useMemo(() => {
    for (const node of walkMenu(menu.tree)) if (node.target.kind === 'route' && node.target.path === path) return node.id;
    return undefined;
  }, [menu.tree, path]);
  const layout = useMenuLayout(menuId);
  const page = useMemo(() => {
    const base = generatedPageOf(flag);
    const own = { ...base, ...ownValue(generatedPageOverrides, flag) };
    // an operator's table takes the generic import (docs/import.md "Import into any table"); the grant decides who sees it
    if (meta.data?.dynamic && !meta.data.readOnly) own.toolbarButtons = [...(own.toolbarButtons ?? []), tableImportButton(flag)];
    const chosen = layout.data?.layout;
    // a layout of another table (the menu was pointed elsewhere) is not this page's
    return meta.data && chosen && chosen.flag === flag ? applyLayout(own, meta.data, chosen) : own;
  }, [flag, layout.data, meta.data]);
  // a tab kept from an earlier visit may name a table that is gone
  if (meta.isError && isUnknownTable(meta.error)) return <NotFoundPage path={path} />;
  // the page renders once, with its layout (a failed read renders the table's own columns)
  if ((menu.isPending || (menuId !== undefined && layout.isPending)) && !meta.isError) {
    return (
      <div className="qb-panel" style={{ padding: 48, textAlign: 'center' }} data-testid="table-meta-loading">
        <Spin />
      </div>
    );
  }
  return <TablePage page={page} />;
}
