import type { EnumValue } from '../api/types.ts';
import { createTime, yesNoEnum } from './columns.ts';
import { EDIT, group, page, t } from './declare.ts';

/**
 * 基础管理 (hidden from the navigation, SPEC.md §2): data sources, table definitions and data tables, each page with
 * the tables it owns. Their rules are tables/hooks.ts (sys_connsql, sys_dataSheet, sys_tableFields).
 */

const sqlTypeEnum: EnumValue[] = [
  { value: 1, label: t('SQL Server', 'SQL Server') },
  { value: 2, label: t('MySQL/MariaDB', 'MySQL/MariaDB') },
  { value: 3, label: t('Oracle', 'Oracle') },
  { value: 4, label: t('PostgreSQL', 'PostgreSQL') },
  { value: 5, label: t('SQLite 文件', 'SQLite file') },
];
const isDataBaseEnum: EnumValue[] = [
  { value: 1, label: t('数据库', 'Database'), color: 'blue' },
  { value: 0, label: t('数据表', 'Data table'), color: 'default' },
];
const columnTypeEnum: EnumValue[] = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'].map((v) => ({ value: v, label: t(v, v) }));

const connSql = page('connSql', '数据源管理', 'Data sources', 'ApiOutlined', { sys_connsql: EDIT }, [
  {
    flag: 'sys_connsql',
    system: true,
    title: t('数据源连接', 'Data source connections'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 20, required: true, title: t('连接名称', 'Connection name'), search: 'input' },
      { name: 'englishName', type: 'nvarchar', length: 20, required: true, title: t('英文名称', 'English name') },
      { name: 'sqlType', type: 'int', required: true, enum: sqlTypeEnum, title: t('数据库类型', 'Database type'), search: 'select' },
      { name: 'mainAddr', type: 'nvarchar', length: 200, required: true, title: t('主机地址', 'Host address') },
      { name: 'port', type: 'int', required: true, title: t('端口', 'Port'), ui: { min: 1, max: 65535 } },
      { name: 'databaseName', type: 'nvarchar', length: 100, required: true, title: t('数据库名称', 'Database name') },
      { name: 'databaseUser', type: 'nvarchar', length: 100, required: true, title: t('用户名', 'User') },
      // write-only: encrypted by the sys_connsql hook (server/src/tables/connsql.ts), required on a new source there, kept when an edit leaves it empty
      { name: 'databasePsd', type: 'nvarchar', length: 200, secret: true, writeOnly: true, title: t('密码', 'Password') },
      createTime,
    ],
  },
]);

// the DDL history (read-only) is shown with the table definitions; createSqlTable, read-back and menus need save on sys_dataSheet
const dataMana = page(
  'dataMana',
  '数据库管理',
  'Databases',
  'DatabaseOutlined',
  { sys_dataSheet: EDIT, sys_tableFields: EDIT, sys_connsql: ['view'], sys_ddlHistory: ['view'] },
  [
    {
      flag: 'sys_dataSheet',
      system: true,
      title: t('数据表', 'Data tables'),
      softDelete: true,
      columns: [
        { name: 'tableName', type: 'nvarchar', length: 64, required: true, title: t('表名', 'Table name'), search: 'input' },
        { name: 'intro', type: 'nvarchar', length: 200, title: t('描述', 'Description') },
        { name: 'titleEn', type: 'nvarchar', length: 200, title: t('英文名称', 'English title') },
        {
          name: 'parentid',
          type: 'int',
          required: true,
          defaultValue: 10000,
          references: 'sys_connsql',
          labelColumn: 'databaseName',
          title: t('数据库', 'Database'),
        },
        { name: 'created', type: 'int', defaultValue: 0, enum: yesNoEnum, readOnly: true, title: t('已建表', 'Created'), ui: { form: false } },
        createTime,
      ],
      indexes: [['parentid']],
    },
    {
      flag: 'sys_tableFields',
      system: true,
      title: t('字段定义', 'Column definitions'),
      softDelete: true,
      columns: [
        { name: 'parentid', type: 'int', required: true, references: 'sys_dataSheet', labelColumn: 'tableName', title: t('数据表', 'Table') },
        { name: 'columnName', type: 'nvarchar', length: 64, required: true, title: t('字段名', 'Column name') },
        { name: 'type', type: 'nvarchar', length: 20, required: true, defaultValue: 'nvarchar', enum: columnTypeEnum, title: t('类型', 'Type') },
        { name: 'length', type: 'int', defaultValue: 50, title: t('长度', 'Length'), ui: { min: 1, max: 4000 } },
        { name: 'defaults', type: 'nvarchar', length: 200, title: t('默认值', 'Default') },
        { name: 'primaryKey', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('主键', 'Primary key') },
        { name: 'nonEmpty', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('非空', 'Not null') },
        { name: 'autoIncrement', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('自增', 'Auto increment') },
        { name: 'intro', type: 'nvarchar', length: 200, title: t('描述', 'Description') },
        { name: 'titleEn', type: 'nvarchar', length: 200, title: t('英文名称', 'English title') },
        { name: 'options', type: 'ntext', title: t('枚举值', 'Enumeration') },
        { name: 'refTable', type: 'nvarchar', length: 64, title: t('引用表', 'Referenced table') },
        { name: 'refLabel', type: 'nvarchar', length: 64, title: t('引用显示字段', 'Referenced label column') },
      ],
      indexes: [['parentid']],
    },
    {
      flag: 'sys_ddlHistory',
      system: true,
      title: t('建表历史', 'DDL history'),
      softDelete: true,
      writtenBy: 'ddl',
      readOnly: true,
      defaultSort: { column: 'id', direction: 'desc' },
      columns: [
        { ...createTime, title: t('执行时间', 'Time'), search: undefined },
        {
          name: 'sheetId',
          type: 'int',
          references: 'sys_dataSheet',
          labelColumn: 'tableName',
          title: t('数据表定义', 'Table definition'),
          ui: { list: false },
        },
        { name: 'sourceId', type: 'int', title: t('数据源', 'Data source'), ui: { width: 120 } },
        { name: 'tableName', type: 'nvarchar', length: 64, title: t('表名', 'Table name'), search: 'input', ui: { width: 150 } },
        { name: 'statements', type: 'ntext', title: t('SQL 语句', 'SQL statements'), ui: { width: 360 } },
        { name: 'result', type: 'ntext', title: t('结果', 'Result'), ui: { width: 220 } },
        { name: 'operatorId', type: 'int', references: 'sys_user', title: t('操作人', 'Operator'), ui: { list: false } },
        { name: 'operatorName', type: 'nvarchar', length: 50, title: t('操作人', 'Operator'), ui: { width: 110 } },
      ],
      indexes: [['sheetId']],
    },
  ],
);

const dataSMana = page('dataSMana', '数据表管理', 'Data tables', 'TableOutlined', { sys_dataMana: EDIT }, [
  {
    flag: 'sys_dataMana',
    system: true,
    title: t('数据管理', 'Data management'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('名称', 'Name'), search: 'input' },
      { name: 'isDataBase', type: 'int', defaultValue: 0, enum: isDataBaseEnum, title: t('类别', 'Kind'), search: 'select' },
      { name: 'parentid', type: 'int', defaultValue: 0, title: t('上级', 'Parent'), ui: { list: false, form: false } },
      { name: 'intro', type: 'nvarchar', length: 200, title: t('描述', 'Description') },
      createTime,
    ],
  },
]);

export const baseDataGroup = group('baseMana', '基础管理', 'Base data', 'DatabaseOutlined', [connSql, dataMana, dataSMana], { display: 0 });
