import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';

/** 用户账单流水管理: all of it is in the table's metadata. */
export const billFlowPage: PageOverrides = { key: 'billFlow', flag: 'userBillFlow', titleKey: 'route.billFlow' };

export default function BillFlowPage() {
  return <TablePage page={billFlowPage} />;
}
