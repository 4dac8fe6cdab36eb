import { Tag } from 'antd';
import i18next from 'i18next';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { SOURCE_PAGE_SIZES } from './shared.ts';

const kindText = (v: unknown) => i18next.t(Number(v) === 1 ? 'datasources.dataSMana.database' : 'datasources.dataSMana.table');

/**
 * 数据表管理 (SPEC.md §2 says only "data-table page"): the rows of sys_dataMana that table selection loads, as the
 * generic table page; isDataBase reads 数据库 / 数据表 instead of 是 / 否 (docs/decisions.md).
 */
export const dataSManaPage: PageOverrides = {
  key: 'dataSMana',
  flag: 'sys_dataMana',
  titleKey: 'route.dataSMana',
  pageSizes: SOURCE_PAGE_SIZES,
  fields: {
    isDataBase: {
      column: {
        render: (v) => <Tag color={Number(v) === 1 ? 'blue' : 'default'}>{kindText(v)}</Tag>,
        text: kindText,
      },
      form: {
        kind: 'radio',
        options: [
          { value: 1, label: { zh: '数据库', en: 'Database' } },
          { value: 0, label: { zh: '数据表', en: 'Data table' } },
        ],
      },
      search: { kind: 'select' },
    },
  },
};

export default function DataSManaPage() {
  return <TablePage page={dataSManaPage} />;
}
