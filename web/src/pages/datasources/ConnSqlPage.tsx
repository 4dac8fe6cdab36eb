import { lazy } from 'react';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { SOURCE_PAGE_SIZES } from './shared.ts';

const loadConnSqlDialog = () => import('./ConnSqlDialog.tsx');
const ConnSqlDialog = lazy(loadConnSqlDialog);

/**
 * 数据源管理 (SPEC.md §2): the generic table page of sys_connsql (connection name, English name, type, host, port,
 * database), its own dialog with 测试连接; the account is not a list column and the password is never read.
 */
export const connSqlPage: PageOverrides = {
  key: 'connSql',
  flag: 'sys_connsql',
  titleKey: 'route.connSql',
  pageSizes: SOURCE_PAGE_SIZES,
  order: ['name', 'englishName', 'sqlType', 'mainAddr', 'port', 'databaseName'],
  fields: {
    name: { column: { width: 150 } },
    englishName: { column: { width: 130 } },
    sqlType: { column: { width: 150 } },
    mainAddr: { column: { width: 150 } },
    port: { column: { width: 90 } },
    databaseName: { column: { width: 140 } },
    databaseUser: { column: { hidden: true } },
    createTime: { column: { hidden: true } },
  },
  editDialog: ConnSqlDialog,
  loadEditDialog: loadConnSqlDialog,
};

export default function ConnSqlPage() {
  return <TablePage page={connSqlPage} />;
}
