import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { billTypeEnum, createTimeField } from './enums.ts';

/** 用户账单流水管理: newest first, the member shown by name; every form field is optional. */
export const billFlowConfig: CrudPageConfig = {
  key: 'billFlow',
  flag: 'userBillFlow',
  titleKey: 'route.billFlow',
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'memberid', titleKey: 'pages.billFlow.memberid', options: { flag: 'sys_member' }, search: { kind: 'select' } },
    { name: 'type', titleKey: 'pages.billFlow.type', enum: billTypeEnum, search: { kind: 'select' } },
    { name: 'title', titleKey: 'pages.billFlow.title', column: { width: 200 } },
    { name: 'money', titleKey: 'pages.billFlow.money' },
    { name: 'answerDate', titleKey: 'pages.billFlow.answerDate' },
    { ...createTimeField, column: { width: 170, hidden: true } },
  ],
};

export default function BillFlowPage() {
  return <CrudPage config={billFlowConfig} />;
}
