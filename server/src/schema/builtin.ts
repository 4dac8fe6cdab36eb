import type { EnumValue, Texts } from '@qb/contracts';
import type { ColumnDef, TableDef } from './types.ts';

const t = (zh: string, en: string): Texts => ({ zh, en });

/** Filled by the server; shown (hidden until chosen), never edited. */
const createTime: ColumnDef = { name: 'createTime', type: 'datetime', serverFilled: true, title: t('创建时间', 'Created'), ui: { width: 170, form: false } };
const createTimeHidden: ColumnDef = { ...createTime, ui: { ...createTime.ui, hidden: true } };
/** The account that added the row (migration 0015; null for earlier rows): what a "created by me" row filter reads. */
const createdBy: ColumnDef = {
  name: 'createdBy',
  type: 'int',
  serverFilled: true,
  creator: true,
  title: t('创建人', 'Created by'),
  ui: { width: 100, form: false, hidden: true },
};

// The enumerations of SPEC.md §2/§3, with the tag colours the pages show them in.
const isUpEnum: EnumValue[] = [
  { value: 0, label: t('未上架', 'Off shelf'), color: 'default' },
  { value: 1, label: t('已上架', 'On shelf'), color: 'green' },
];
const genderEnum: EnumValue[] = [
  { value: 1, label: t('男', 'Male'), color: 'blue' },
  { value: 2, label: t('女', 'Female'), color: 'magenta' },
  { value: 0, label: t('未知', 'Unknown'), color: 'default' },
];
const billTypeEnum: EnumValue[] = [
  { value: 1, label: t('收入', 'Income'), color: 'green' },
  { value: 2, label: t('支出', 'Expense'), color: 'orange' },
];
const stateEnum: EnumValue[] = [
  { value: 1, label: t('可用', 'Active'), color: 'green' },
  { value: 0, label: t('禁用', 'Disabled'), color: 'red' },
];
const enableEnum: EnumValue[] = [
  { value: 1, label: t('启用', 'Enabled'), color: 'green' },
  { value: 0, label: t('停用', 'Disabled'), color: 'default' },
];
const successEnum: EnumValue[] = [
  { value: 1, label: t('成功', 'Succeeded'), color: 'green' },
  { value: 0, label: t('失败', 'Failed'), color: 'red' },
];
const auditActionEnum: EnumValue[] = [
  { value: 'save', label: t('保存', 'Save'), color: 'blue' },
  { value: 'delete', label: t('删除', 'Delete'), color: 'red' },
  { value: 'import', label: t('导入', 'Import'), color: 'purple' },
  { value: 'masterSlave', label: t('主从保存', 'Master-detail save'), color: 'cyan' },
  { value: 'roles', label: t('分配角色', 'Roles assigned'), color: 'gold' },
  { value: 'grants', label: t('授权', 'Grants'), color: 'gold' },
  { value: 'resetPassword', label: t('重置密码', 'Password reset'), color: 'orange' },
  { value: 'logout', label: t('强制下线', 'Forced logout'), color: 'orange' },
];
const statusEnum: EnumValue[] = [
  { value: 1, label: t('正常', 'Normal'), color: 'green' },
  { value: 0, label: t('停用', 'Inactive'), color: 'default' },
];
const markEnum: EnumValue[] = [
  { value: 1, label: t('热门', 'Hot'), color: 'red' },
  { value: 2, label: t('推荐', 'Recommended'), color: 'blue' },
  { value: 3, label: t('精选', 'Featured'), color: 'gold' },
];
const yesNoEnum: EnumValue[] = [
  { value: 1, label: t('是', 'Yes'), color: 'green' },
  { value: 0, label: t('否', 'No'), color: 'default' },
];
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
const menuTypeEnum: EnumValue[] = [
  { value: 1, label: t('菜单', 'Menu'), color: 'blue' },
  { value: 2, label: t('外链', 'External link'), color: 'purple' },
];
const displayEnum: EnumValue[] = [
  { value: 1, label: t('显示', 'Shown'), color: 'green' },
  { value: 0, label: t('隐藏', 'Hidden'), color: 'default' },
];

const isUp: ColumnDef = {
  name: 'isUp',
  type: 'int',
  defaultValue: 0,
  enum: isUpEnum,
  title: t('上架状态', 'Shelf status'),
  search: 'select',
  ui: { width: 130, control: 'radio' },
};
const sortNum: ColumnDef = { name: 'sortNum', type: 'int', defaultValue: 0, title: t('排序', 'Order'), ui: { width: 100, min: 0 } };
const cover: ColumnDef = { name: 'cover', type: 'image', title: t('封面', 'Cover') };

/**
 * Every table of SPEC.md §3, with the field names exactly as given, and every fact about them: types,
 * lengths, titles in both languages, enumerations, references, search and list hints. `id` and
 * `isdelete` are implicit. The server validates saves against these facts and the web builds its
 * pages from them (GET /api/schema/:flag). The database schema itself is made by the migrations.
 */
export const builtinTables: TableDef[] = [
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
  {
    flag: 'sys_role',
    system: true,
    title: t('角色', 'Roles'),
    softDelete: true,
    aliases: { parentid: 'parentId' },
    columns: [
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('角色名称', 'Role name'), search: 'input', ui: { width: 200 } },
      { name: 'parentId', type: 'int', defaultValue: 0, cascader: true, references: 'sys_role', title: t('上级角色', 'Parent role'), ui: { optional: true } },
      { name: 'department', type: 'nvarchar', length: 50, required: true, title: t('部门名称', 'Department'), search: 'input' },
      { name: 'enable', type: 'int', defaultValue: 1, enum: enableEnum, title: t('是否启用', 'Enabled') },
      // docs/permissions.md: an enabled role with this property may do everything
      { name: 'isAdmin', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('管理员', 'Administrator') },
      { name: 'memberid', type: 'int', references: 'sys_user', title: t('创建人', 'Created by'), ui: { list: false, form: false } },
      createTime,
    ],
  },
  {
    flag: 'sys_user',
    system: true,
    writers: 'administrators',
    title: t('用户', 'Users'),
    softDelete: true,
    writtenBy: 'users',
    columns: [
      { name: 'loginid', type: 'nvarchar', length: 50, required: true, title: t('账号', 'Account'), search: 'input', ui: { width: 120 } },
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('姓名', 'Name'), search: 'input', ui: { width: 120 } },
      { name: 'photo', type: 'image', title: t('头像', 'Avatar') },
      { name: 'sex', type: 'int', defaultValue: 0, enum: genderEnum, title: t('性别', 'Sex'), ui: { width: 90 } },
      { name: 'state', type: 'int', defaultValue: 1, enum: stateEnum, title: t('是否启用', 'Enabled'), ui: { width: 90 } },
      { name: 'intro', type: 'nvarchar', length: 200, title: t('备注', 'Remark'), ui: { width: 150, control: 'textarea' } },
      { name: 'pass', type: 'nvarchar', length: 200, secret: true, title: t('密码', 'Password') },
      // set by the account service (a new account, a reset), cleared by a change of password: never by a client
      {
        name: 'mustChangePassword',
        type: 'int',
        defaultValue: 0,
        enum: yesNoEnum,
        readOnly: true,
        title: t('须修改密码', 'Must change password'),
        ui: { list: false, form: false },
      },
      createTime,
    ],
    indexes: [['loginid']],
  },
  {
    flag: 'questionsClass',
    referable: true,
    title: t('考题科目', 'Question subjects'),
    softDelete: true,
    defaultSort: { column: 'sortNum', direction: 'asc' },
    tree: { parentColumn: 'parentId', mode: 'lazy' },
    columns: [
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('科目名称', 'Subject name'), search: 'input', ui: { width: 200 } },
      {
        name: 'parentId',
        type: 'int',
        defaultValue: 0,
        cascader: true,
        references: 'questionsClass',
        title: t('上级科目', 'Parent subject'),
        ui: { optional: true },
      },
      cover,
      isUp,
      sortNum,
      createTime,
      createdBy,
    ],
    indexes: [['isdelete', 'parentId', 'sortNum']],
  },
  {
    flag: 'questionsSmallClass',
    referable: true,
    title: t('题目分类', 'Question categories'),
    softDelete: true,
    defaultSort: { column: 'sortNum', direction: 'asc' },
    tree: { parentColumn: 'parentId', mode: 'lazy' },
    columns: [
      { name: 'mid', type: 'int', title: t('编号', 'Number'), ui: { list: false, form: false } },
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('分类名称', 'Category name'), search: 'input', ui: { width: 220 } },
      {
        name: 'parentId',
        type: 'int',
        defaultValue: 0,
        cascader: true,
        references: 'questionsSmallClass',
        title: t('上级分类', 'Parent category'),
        ui: { hidden: true, optional: true },
      },
      { name: 'subjectId', type: 'int', cascader: true, references: 'questionsClass', title: t('所属科目', 'Subject'), search: 'cascader' },
      { name: 'typeId', type: 'nvarchar', length: 500, list: true, title: t('科目路径', 'Subject path'), ui: { list: false, form: false } },
      cover,
      isUp,
      sortNum,
      createTime,
      createdBy,
    ],
    indexes: [
      ['isdelete', 'subjectId'],
      ['isdelete', 'parentId'],
    ],
  },
  {
    flag: 'questionBank',
    referable: true,
    title: t('题库', 'Questions'),
    softDelete: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      {
        name: 'parentId',
        type: 'int',
        required: true,
        cascader: true,
        references: 'questionsClass',
        title: t('所属科目', 'Subject'),
        search: 'cascader',
        ui: { width: 140 },
      },
      {
        name: 'typeId',
        type: 'int',
        cascader: true,
        references: 'questionsSmallClass',
        title: t('题目分类', 'Category'),
        search: 'select',
        ui: { width: 140 },
      },
      { name: 'name', type: 'nvarchar', length: 1000, required: true, title: t('题目', 'Question'), search: 'input', ui: { width: 220, control: 'textarea' } },
      { name: 'options', type: 'ntext', title: t('选项', 'Options'), ui: { width: 220 } },
      { name: 'correctOptions', type: 'nvarchar', length: 50, title: t('正确答案', 'Correct answer'), ui: { width: 100 } },
      { name: 'subject', type: 'ntext', title: t('解析', 'Explanation'), ui: { width: 220, hidden: true, control: 'editor' } },
      createTimeHidden,
      createdBy,
    ],
    // the list call filters on isdelete + parentId (+ typeId) and orders by id: these make both the page and its COUNT index-only
    indexes: [
      ['isdelete', 'parentId', 'id'],
      ['isdelete', 'typeId', 'id'],
    ],
  },
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
  {
    flag: 'sys_menu',
    system: true,
    title: t('菜单', 'Menus'),
    softDelete: true,
    defaultSort: { column: 'sortNum', direction: 'desc' },
    tree: { parentColumn: 'parentMenu', mode: 'client' },
    columns: [
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('菜单名称', 'Menu name'), search: 'input', ui: { width: 180 } },
      // shown in English where a menu is named; empty, the web app falls back (docs/web-shell.md, migration 0013)
      { name: 'nameEn', type: 'nvarchar', length: 100, title: t('英文名称', 'English name'), ui: { width: 160 } },
      { name: 'menuType', type: 'int', defaultValue: 1, enum: menuTypeEnum, title: t('菜单类型', 'Menu type') },
      { name: 'icon', type: 'nvarchar', length: 50, title: t('图标', 'Icon') },
      { name: 'menuMark', type: 'nvarchar', length: 50, title: t('菜单标识', 'Menu identifier') },
      { name: 'url', type: 'nvarchar', length: 300, title: t('路由地址', 'Route address'), ui: { width: 200 } },
      { name: 'sortNum', type: 'int', defaultValue: 0, title: t('排序', 'Order'), ui: { width: 80 } },
      { name: 'display', type: 'int', defaultValue: 1, enum: displayEnum, title: t('状态', 'Status') },
      { name: 'intro', type: 'nvarchar', length: 200, title: t('备注', 'Remark'), ui: { hidden: true, control: 'textarea' } },
      { name: 'parentMenu', type: 'int', defaultValue: 0, cascader: true, references: 'sys_menu', title: t('上级菜单', 'Parent menu'), ui: { optional: true } },
      createTime,
    ],
  },
  {
    flag: 'sys_layTable',
    system: true,
    title: t('表单定义', 'Form definitions'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 100, required: true, title: t('表单名称', 'Form name'), search: 'input' },
      { name: 'tableKey', type: 'nvarchar', length: 100, title: t('表单标识', 'Form key') },
      { name: 'tableName', type: 'nvarchar', length: 64, title: t('数据表', 'Data table') },
      { name: 'databaseId', type: 'int', references: 'sys_connsql', labelColumn: 'databaseName', title: t('所属数据库', 'Database'), search: 'select' },
      { name: 'isCreateTable', type: 'int', defaultValue: 0, enum: yesNoEnum, title: t('自动建表', 'Create table'), search: 'select' },
      { name: 'formJson', type: 'ntext', title: t('表单结构', 'Form schema'), ui: { list: false, form: false } },
      createTime,
    ],
  },
  {
    flag: 'sys_layList',
    system: true,
    title: t('布局数据', 'Layout records'),
    softDelete: true,
    columns: [
      { name: 'menuId', type: 'int', required: true, references: 'sys_menu', title: t('菜单', 'Menu') },
      { name: 'layout', type: 'ntext', title: t('布局', 'Layout') },
      createTime,
    ],
  },
  {
    flag: 'testList',
    title: t('测试列表', 'Test list'),
    softDelete: true,
    columns: [
      { name: 'name', type: 'nvarchar', length: 50, required: true, title: t('姓名', 'Name'), search: 'input', ui: { width: 80 } },
      { name: 'age', type: 'int', title: t('年龄', 'Age'), ui: { width: 60, min: 0, max: 150 } },
      {
        name: 'sex',
        type: 'int',
        defaultValue: 1,
        enum: genderEnum.filter((o) => o.value !== 0),
        title: t('性别', 'Sex'),
        search: 'select',
        ui: { width: 84 },
      },
      { name: 'avatar', type: 'image', title: t('头像', 'Avatar'), ui: { width: 70 } },
      { name: 'desc', type: 'nvarchar', length: 500, title: t('描述', 'Description'), ui: { width: 120, control: 'textarea' } },
      { name: 'lvl', type: 'int', title: t('等级', 'Level'), ui: { width: 80, min: 1, max: 10 } },
      { name: 'status', type: 'int', defaultValue: 1, enum: statusEnum, title: t('状态', 'Status'), search: 'select', ui: { width: 90 } },
      { name: 'mark', type: 'nvarchar', length: 50, list: true, enum: markEnum, title: t('标签', 'Tags'), ui: { width: 236 } },
      createTimeHidden,
    ],
  },
  {
    flag: 'sys_operationLog',
    system: true,
    title: t('操作日志', 'Operation log'),
    softDelete: true,
    writtenBy: 'audit',
    readOnly: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      { ...createTime, title: t('操作时间', 'Time'), search: undefined },
      { name: 'loginid', type: 'nvarchar', length: 50, title: t('操作账号', 'Account'), search: 'input', ui: { width: 120 } },
      { name: 'userId', type: 'int', references: 'sys_user', title: t('操作人', 'Operator'), ui: { list: false } },
      { name: 'flag', type: 'nvarchar', length: 64, title: t('数据表', 'Table'), search: 'input', ui: { width: 150 } },
      { name: 'action', type: 'nvarchar', length: 20, enum: auditActionEnum, title: t('操作', 'Action'), search: 'select', ui: { width: 110 } },
      { name: 'rowId', type: 'nvarchar', length: 200, title: t('数据编号', 'Row id'), search: 'input', ui: { width: 110 } },
      { name: 'summary', type: 'nvarchar', length: 500, title: t('摘要', 'Summary'), ui: { width: 220 } },
      { name: 'changes', type: 'ntext', title: t('变更内容', 'Changes'), ui: { width: 320 } },
    ],
    indexes: [['createTime'], ['flag', 'rowId']],
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
      { name: 'sheetId', type: 'int', references: 'sys_dataSheet', labelColumn: 'tableName', title: t('数据表定义', 'Table definition'), ui: { list: false } },
      { name: 'sourceId', type: 'int', title: t('数据源', 'Data source'), ui: { width: 120 } },
      { name: 'tableName', type: 'nvarchar', length: 64, title: t('表名', 'Table name'), search: 'input', ui: { width: 150 } },
      { name: 'statements', type: 'ntext', title: t('SQL 语句', 'SQL statements'), ui: { width: 360 } },
      { name: 'result', type: 'ntext', title: t('结果', 'Result'), ui: { width: 220 } },
      { name: 'operatorId', type: 'int', references: 'sys_user', title: t('操作人', 'Operator'), ui: { list: false } },
      { name: 'operatorName', type: 'nvarchar', length: 50, title: t('操作人', 'Operator'), ui: { width: 110 } },
    ],
    indexes: [['sheetId']],
  },
  {
    flag: 'sys_loginLog',
    system: true,
    title: t('登录日志', 'Login log'),
    softDelete: true,
    writtenBy: 'audit',
    readOnly: true,
    defaultSort: { column: 'id', direction: 'desc' },
    columns: [
      { ...createTime, title: t('登录时间', 'Time') },
      { name: 'loginid', type: 'nvarchar', length: 50, title: t('账号', 'Account'), search: 'input', ui: { width: 120 } },
      { name: 'userId', type: 'int', references: 'sys_user', title: t('用户', 'User'), ui: { list: false } },
      { name: 'success', type: 'int', defaultValue: 0, enum: successEnum, title: t('结果', 'Result'), search: 'select', ui: { width: 90 } },
      { name: 'reason', type: 'nvarchar', length: 50, title: t('原因', 'Reason'), ui: { width: 160 } },
      { name: 'ip', type: 'nvarchar', length: 64, title: t('IP 地址', 'IP address'), search: 'input', ui: { width: 140 } },
      { name: 'userAgent', type: 'nvarchar', length: 300, title: t('浏览器', 'User agent'), ui: { width: 320 } },
    ],
    indexes: [['createTime'], ['loginid']],
  },
];
