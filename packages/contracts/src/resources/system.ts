import type { EnumValue } from '../api/types.ts';
import { createTime, genderEnum, yesNoEnum } from './columns.ts';
import { EDIT, group, page, READ, t, tablePage } from './declare.ts';

/**
 * 系统管理: menus, roles, accounts, grants, the two logs and the live sessions, each page with the tables it owns.
 * The rules of these tables are beside their services: access/hooks.ts (sys_role, sys_menu), users/hooks.ts (sys_user).
 */

const menuTypeEnum: EnumValue[] = [
  { value: 1, label: t('菜单', 'Menu'), color: 'blue' },
  { value: 2, label: t('外链', 'External link'), color: 'purple' },
];
const displayEnum: EnumValue[] = [
  { value: 1, label: t('显示', 'Shown'), color: 'green' },
  { value: 0, label: t('隐藏', 'Hidden'), color: 'default' },
];
const enableEnum: EnumValue[] = [
  { value: 1, label: t('启用', 'Enabled'), color: 'green' },
  { value: 0, label: t('停用', 'Disabled'), color: 'default' },
];
const stateEnum: EnumValue[] = [
  { value: 1, label: t('可用', 'Active'), color: 'green' },
  { value: 0, label: t('禁用', 'Disabled'), color: 'red' },
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

const menu = page('menu', '菜单管理', 'Menus', 'MenuOutlined', { sys_menu: EDIT, sys_layList: ['view', 'save'] }, [
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
]);

const role = page('role', '角色管理', 'Roles', 'SafetyOutlined', { sys_role: EDIT }, [
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
]);

// accounts are written by administrators only (roles, passwords, the last administrator): the pages show them to others
const user = page('user', '用户管理', 'Users', 'UserSwitchOutlined', { sys_user: READ }, [
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
]);

// the permission page calls administrator routes: a grant shows the page, the calls still need the role
const permission = page('permission', '权限管理', 'Permissions', 'KeyOutlined', { sys_role: ['view'], sys_menu: ['view'] });

const operationLog = tablePage({
  path: 'sys_operationLog',
  title: ['操作日志', 'Operation log'],
  icon: 'AuditOutlined',
  mark: 'operationLog',
  actions: READ,
  table: {
    system: true,
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
});

const loginLog = tablePage({
  path: 'sys_loginLog',
  title: ['登录日志', 'Login log'],
  icon: 'LoginOutlined',
  mark: 'loginLog',
  actions: READ,
  table: {
    system: true,
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
});

// its calls are an administrator's: a grant shows the page only
const onlineSessions = page('onlineSessions', '在线用户', 'Online users', 'TeamOutlined', {});

export const systemGroup = group('system', '系统管理', 'System', 'SettingOutlined', [menu, role, user, permission, operationLog, loginLog, onlineSessions]);
