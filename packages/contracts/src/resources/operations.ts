import type { EnumValue } from '../api/types.ts';
import { createdBy, createTimeHidden, genderEnum } from './columns.ts';
import { ALL, EDIT, group, page, t } from './declare.ts';

/** 运营管理: the mini-program's members, their bill flows and the daily task settings, each page with its table. */

const billTypeEnum: EnumValue[] = [
  { value: 1, label: t('收入', 'Income'), color: 'green' },
  { value: 2, label: t('支出', 'Expense'), color: 'orange' },
];

// members take the generic spreadsheet import (docs/import.md "Import into any table"); bill flows do not
const member = page('member', '小程序用户管理', 'Members', 'UserOutlined', { sys_member: ALL }, [
  {
    flag: 'sys_member',
    title: t('小程序用户管理', 'Mini-program members'),
    softDelete: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('昵称', 'Nickname'), search: 'input' },
      { name: 'phone', type: 'nvarchar', length: 20, required: true, title: t('手机号', 'Phone'), search: 'input', ui: { width: 140 } },
      { name: 'avatar', type: 'image', title: t('头像', 'Avatar') },
      // kept by the bill flows (each income adds, each expense subtracts; members/billFlowBalance.ts is its only writer):
      // shown, never written by a client, so that a stale edit dialog cannot write an old balance back (readOnly)
      { name: 'balance', type: 'money', defaultValue: 0, readOnly: true, title: t('余额(元)', 'Balance (CNY)'), ui: { form: false } },
      { name: 'openid', type: 'nvarchar', length: 100, title: t('openid', 'OpenID'), ui: { width: 170 } },
      { name: 'gender', type: 'int', defaultValue: 0, enum: genderEnum, title: t('性别', 'Gender'), search: 'select' },
      createTimeHidden,
      createdBy,
    ],
  },
]);

// a flow names its member: the member list is read for those names (a reference to a system table gives no view);
// its rules (a flow moves its member's balance) are members/hooks.ts
const billFlow = page('billFlow', '用户账单流水管理', 'Bill flows', 'AccountBookOutlined', { userBillFlow: EDIT, sys_member: ['view'] }, [
  {
    flag: 'userBillFlow',
    title: t('用户账单流水管理', 'Member bill flows'),
    softDelete: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      { name: 'memberid', type: 'int', references: 'sys_member', title: t('用户', 'Member'), search: 'select' },
      { name: 'type', type: 'int', enum: billTypeEnum, title: t('类型', 'Type'), search: 'select' },
      { name: 'title', type: 'nvarchar', length: 100, title: t('标题', 'Title'), ui: { width: 200 } },
      { name: 'money', type: 'money', title: t('金额(元)', 'Amount (CNY)') },
      { name: 'answerDate', type: 'datetime', title: t('日期', 'Date') },
      createTimeHidden,
      createdBy,
    ],
    indexes: [['isdelete', 'memberid'], ['answerDate']],
  },
]);

const taskConfiguration = page('taskConfiguration', '任务配置', 'Task configuration', 'ScheduleOutlined', { sys_config: ['view', 'save'] }, [
  {
    flag: 'sys_config',
    system: true,
    title: t('任务配置', 'Task configuration'),
    softDelete: true,
    columns: [
      { name: 'completedItems', type: 'int', required: true, title: t('每日任务可完成次数', 'Daily tasks that can be completed'), ui: { min: 0 } },
      { name: 'numberQuestions', type: 'int', required: true, title: t('每日任务题目数', 'Questions per daily task'), ui: { min: 0 } },
      { name: 'taskRewards', type: 'money', required: true, title: t('每日任务奖励(次/元)', 'Reward per daily task (CNY)'), ui: { min: 0 } },
      { name: 'singleAmount', type: 'money', required: true, title: t('单次提现金额(元)', 'Amount per withdrawal (CNY)'), ui: { min: 0 } },
    ],
  },
]);

export const operationGroup = group('operationGroup', '运营管理', 'Operations', 'TeamOutlined', [member, billFlow, taskConfiguration]);
