import type { ColumnMeta, TableMeta } from '@qb/contracts';

const col = (name: string, type: ColumnMeta['type'], zh: string, en: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
  ...extra,
});
/** For the 字段权限 tests: 小程序用户管理's table as an administrator's GET /api/schema/ lists it (server/src/schema/builtin.ts). */
export const memberMeta: TableMeta = {
  flag: 'sys_member',
  title: { zh: '小程序用户管理', en: 'Mini-program members' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    col('id', 'int', 'ID', 'ID'),
    col('name', 'nvarchar', '昵称', 'Nickname', { search: 'input' }),
    col('phone', 'nvarchar', '手机号', 'Phone', { search: 'input' }),
    col('balance', 'money', '余额(元)', 'Balance (CNY)', { serverFilled: true }),
    col('gender', 'int', '性别', 'Gender', { enum: [{ value: 1, label: { zh: '男', en: 'Male' } }] }),
    col('createTime', 'datetime', '创建时间', 'Created', { serverFilled: true }),
  ],
};
