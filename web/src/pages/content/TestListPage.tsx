import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';

/** 测试列表: the sample list of SPEC.md §2, all of it in the table's metadata. */
export const testListPage: PageOverrides = { key: 'testList', flag: 'testList', titleKey: 'route.testList' };

export default function TestListPage() {
  return <TablePage page={testListPage} />;
}
