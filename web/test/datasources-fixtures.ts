import type { ColumnMeta, TableMeta } from '@qb/contracts';

/** Metadata as GET /api/schema/:flag answers it for the data-source tables (server/src/schema/builtin.ts, trimmed). */
const column = (name: string, type: ColumnMeta['type'], zh: string, more: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh, en: name },
  required: false,
  filterable: true,
  sortable: true,
  ...more,
});
const table = (flag: string, zh: string, columns: ColumnMeta[]): TableMeta => ({
  flag,
  title: { zh, en: flag },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns,
});
const yesNo = [
  { value: 1, label: { zh: '是', en: 'Yes' } },
  { value: 0, label: { zh: '否', en: 'No' } },
];

export const connSqlMeta = table('sys_connsql', '数据源连接', [
  column('id', 'int', 'ID', { ui: { list: false, form: false } }),
  column('name', 'nvarchar', '连接名称', { required: true, length: 20, search: 'input' }),
  column('englishName', 'nvarchar', '英文名称', { required: true, length: 20 }),
  column('sqlType', 'int', '数据库类型', {
    required: true,
    enum: ['SQL Server', 'MySQL/MariaDB', 'Oracle', 'PostgreSQL', 'SQLite'].map((name, i) => ({ value: i + 1, label: { zh: name, en: name } })),
  }),
  column('mainAddr', 'nvarchar', '主机地址', { required: true }),
  column('port', 'int', '端口', { required: true }),
  column('databaseName', 'nvarchar', '数据库名称', { required: true }),
  column('databaseUser', 'nvarchar', '用户名', { required: true }),
]);

export const dataSheetMeta = table('sys_dataSheet', '数据表', [
  column('id', 'int', 'ID', { ui: { list: false, form: false } }),
  column('tableName', 'nvarchar', '表名', { required: true, search: 'input' }),
  column('intro', 'nvarchar', '描述'),
  column('parentid', 'int', '数据库', { required: true, references: 'sys_connsql', reference: { flag: 'sys_connsql', labelColumn: 'databaseName' } }),
  column('created', 'int', '已建表', { enum: yesNo, ui: { form: false } }),
]);

export const tableFieldsMeta = table('sys_tableFields', '字段定义', [
  column('parentid', 'int', '数据表', { required: true }),
  column('columnName', 'nvarchar', '字段名', { required: true }),
  column('type', 'nvarchar', '类型', { required: true }),
  column('length', 'int', '长度'),
  column('defaults', 'nvarchar', '默认值'),
  column('primaryKey', 'int', '主键', { enum: yesNo }),
  column('nonEmpty', 'int', '非空', { enum: yesNo }),
  column('autoIncrement', 'int', '自增', { enum: yesNo }),
  column('intro', 'nvarchar', '描述'),
  column('titleEn', 'nvarchar', '英文名称', { title: { zh: '英文名称', en: 'English title' } }),
  column('options', 'ntext', '枚举值', { title: { zh: '枚举值', en: 'Enumeration' } }),
  column('refTable', 'nvarchar', '引用表', { title: { zh: '引用表', en: 'Referenced table' } }),
  column('refLabel', 'nvarchar', '引用显示字段', { title: { zh: '引用显示字段', en: 'Referenced label column' } }),
]);
