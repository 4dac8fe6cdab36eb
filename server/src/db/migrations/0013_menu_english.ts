import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Menus get an English name (issue 31 #4), frozen once released: `sys_menu.nameEn`, shown in English where the
 * navigation, the tabs and 菜单管理 name a menu; empty, the web app falls back as before (the built-in translation
 * of a seeded name, the title of the route the menu opens, the Chinese name).
 *
 * The menus the earlier releases seeded (and the group 数据页面 the data-source tools create) get their English
 * names here, matched by the Chinese name as stored, the way the web app translated them until now: a menu an
 * operator renamed keeps its fallback. This step's own copy of those names, not the live seed's (a later release
 * may rename a page; this step stays what it was). Only empty English names are filled: an English name already
 * set (typed by an operator, or this step run again on MySQL/MariaDB after a stop in the middle) stays.
 */
const SEEDED_NAMES: [zh: string, en: string][] = [
  ['首页', 'Home'],
  ['题库管理', 'Question bank'],
  ['考题科目', 'Subjects'],
  ['题目分类', 'Categories'],
  ['题库', 'Questions'],
  ['运营管理', 'Operations'],
  ['小程序用户管理', 'Members'],
  ['用户账单流水管理', 'Bill flows'],
  ['任务配置', 'Task configuration'],
  ['系统管理', 'System'],
  ['菜单管理', 'Menus'],
  ['角色管理', 'Roles'],
  ['用户管理', 'Users'],
  ['权限管理', 'Permissions'],
  ['操作日志', 'Operation log'],
  ['登录日志', 'Login log'],
  ['在线用户', 'Online users'],
  ['基础管理', 'Base data'],
  ['数据源管理', 'Data sources'],
  ['数据库管理', 'Databases'],
  ['数据表管理', 'Data tables'],
  ['开发工具', 'Developer tools'],
  ['表单设计', 'Form designer'],
  ['示例页面', 'Samples'],
  ['列表示例', 'List samples'],
  ['测试列表', 'Test list'],
  ['示例表格', 'Demo table'],
  ['角色列表', 'Role list'],
  ['用户列表', 'User list'],
  ['数据页面', 'Data pages'],
];

export const MENU_NAME_EN_LENGTH = 100;

/**
 * Whether sys_menu has the column already. MySQL/MariaDB commit each DDL statement on its own: a start that stopped
 * after the column was added runs this step again and adds it not twice (SQLite and PostgreSQL roll the step back).
 */
async function hasColumn(db: AnyDb, engine: Engine): Promise<boolean> {
  const query =
    engine === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from pragma_table_info('sys_menu') where name = 'nameEn'`
      : sql<{ n: number }>`select count(*) as n from information_schema.columns
          where table_schema = ${engine === 'mysql' ? sql`database()` : sql`current_schema()`} and table_name = 'sys_menu' and column_name = 'nameEn'`;
  return Number((await query.execute(db)).rows[0]?.n ?? 0) > 0;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (!(await hasColumn(db, engine))) {
    await db.schema.alterTable('sys_menu').addColumn('nameEn', `varchar(${MENU_NAME_EN_LENGTH})`).execute();
  }
  for (const [zh, en] of SEEDED_NAMES) {
    await db
      .updateTable('sys_menu')
      .set({ nameEn: en })
      .where('name', '=', zh)
      .where((w) => w.or([w('nameEn', 'is', null), w('nameEn', '=', '')]))
      .execute();
  }
}
