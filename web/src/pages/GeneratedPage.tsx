import { useMemo } from 'react';
import { TablePage } from '../crud/TablePage.tsx';
import { isUnknownTable, useTableMeta } from '../crud/tableMeta.ts';
import { usePagePath } from '../shell/pageContext.ts';
import NotFoundPage from './NotFoundPage.tsx';
import { generatedPageOf } from './manageRoutes.ts';

/** /manage/:name without a page module of its own: the generic page of the table `name`, from its metadata alone. */
export default function GeneratedPage() {
  const path = usePagePath();
  const page = useMemo(() => generatedPageOf(path.slice('/manage/'.length)), [path]);
  const meta = useTableMeta(page.flag);
  // a tab kept from an earlier visit may name a table that is gone
  if (meta.isError && isUnknownTable(meta.error)) return <NotFoundPage path={path} />;
  return <TablePage page={page} />;
}
