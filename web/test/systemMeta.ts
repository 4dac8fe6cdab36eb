import type { ColumnMeta, TableMeta } from '@qb/contracts';

/** Metadata as GET /api/schema/:flag answers it for the system tables (server/src/schema/builtin.ts), for page tests. */
const col = (name: string, type: ColumnMeta['type'], zh: string, en: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
  ...extra,
});
const createTime = col('createTime', 'datetime', '创建时间', 'Created', { serverFilled: true, ui: { width: 170, form: false } });
const base = { softDelete: true, source: 10000, primaryKey: 'id', dynamic: false } as const;

export const menuMeta: TableMeta = {
  ...base,
  flag: 'sys_menu',
  title: { zh: '菜单', en: 'Menus' },
  defaultSort: { column: 'sortNum', direction: 'desc' },
  tree: { parentColumn: 'parentMenu', mode: 'client' },
  columns: [
    col('name', 'nvarchar', '菜单名称', 'Menu name', { required: true, search: 'input', ui: { width: 180 } }),
    col('nameEn', 'nvarchar', '英文名称', 'English name', { length: 100, ui: { width: 160 } }),
    col('menuType', 'int', '菜单类型', 'Menu type', {
      defaultValue: 1,
      enum: [
        { value: 1, label: { zh: '菜单', en: 'Menu' } },
        { value: 2, label: { zh: '外链', en: 'External link' } },
      ],
    }),
    col('icon', 'nvarchar', '图标', 'Icon'),
    col('menuMark', 'nvarchar', '菜单标识', 'Menu identifier'),
    col('url', 'nvarchar', '路由地址', 'Route address', { ui: { width: 200 } }),
    col('sortNum', 'int', '排序', 'Order', { defaultValue: 0 }),
    col('display', 'int', '状态', 'Status', {
      defaultValue: 1,
      enum: [
        { value: 1, label: { zh: '显示', en: 'Shown' }, color: 'green' },
        { value: 0, label: { zh: '隐藏', en: 'Hidden' } },
      ],
    }),
    col('intro', 'nvarchar', '备注', 'Remark', { ui: { hidden: true, control: 'textarea' } }),
    col('parentMenu', 'int', '上级菜单', 'Parent menu', {
      defaultValue: 0,
      references: 'sys_menu',
      reference: { flag: 'sys_menu', labelColumn: 'name', treeColumn: 'parentMenu' },
      ui: { optional: true },
    }),
    createTime,
  ],
};

export const roleMeta: TableMeta = {
  ...base,
  flag: 'sys_role',
  title: { zh: '角色', en: 'Roles' },
  columns: [
    col('name', 'nvarchar', '角色名称', 'Role name', { required: true, search: 'input', ui: { width: 200 } }),
    col('parentId', 'int', '上级角色', 'Parent role', {
      defaultValue: 0,
      references: 'sys_role',
      reference: { flag: 'sys_role', labelColumn: 'name', treeColumn: 'parentId' },
      ui: { optional: true },
    }),
    col('department', 'nvarchar', '部门名称', 'Department', { required: true, search: 'input' }),
    col('enable', 'int', '是否启用', 'Enabled', {
      defaultValue: 1,
      enum: [
        { value: 1, label: { zh: '启用', en: 'Enabled' }, color: 'green' },
        { value: 0, label: { zh: '停用', en: 'Disabled' } },
      ],
    }),
    col('isAdmin', 'int', '管理员', 'Administrator', {
      defaultValue: 0,
      enum: [
        { value: 1, label: { zh: '是', en: 'Yes' } },
        { value: 0, label: { zh: '否', en: 'No' } },
      ],
    }),
    createTime,
  ],
};

export const operationLogMeta: TableMeta = {
  ...base,
  flag: 'sys_operationLog',
  title: { zh: '操作日志', en: 'Operation log' },
  readOnly: true,
  defaultSort: { column: 'id', direction: 'desc' },
  columns: [
    { ...createTime, title: { zh: '操作时间', en: 'Time' } },
    col('loginid', 'nvarchar', '操作账号', 'Account', { search: 'input', ui: { width: 120 } }),
    col('flag', 'nvarchar', '数据表', 'Table', { search: 'input', ui: { width: 150 } }),
    col('rowId', 'nvarchar', '数据编号', 'Row id', { ui: { width: 110 } }),
    col('summary', 'nvarchar', '摘要', 'Summary', { ui: { width: 220 } }),
    col('changes', 'ntext', '变更内容', 'Changes', { ui: { width: 320 } }),
  ],
};
