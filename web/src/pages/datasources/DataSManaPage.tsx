import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { SOURCE_PAGE_SIZES } from './shared.ts';

/**
 * 数据表管理 (SPEC.md §2 says only "data-table page"): the rows of sys_dataMana that table selection loads, as the
 * generic table page; the metadata calls isDataBase 类别 with the values 数据库 / 数据表 (docs/decisions.md).
 */
export const dataSManaPage: PageOverrides = { key: 'dataSMana', flag: 'sys_dataMana', titleKey: 'route.dataSMana', pageSizes: SOURCE_PAGE_SIZES };

export default function DataSManaPage() {
  return <TablePage page={dataSManaPage} />;
}
