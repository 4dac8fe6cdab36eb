import { type Kysely, sql } from 'kysely';
import { tableWithId } from '../builtinTables.ts';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Permissions and the audit trail (docs/permissions.md), frozen once released:
 * - sys_role.isAdmin: being an administrator is a property of a role. Every role the account `admin` holds
 *   becomes one, so a database of an earlier release keeps its administrator (the rule was the login name).
 * - sys_operationLog: who changed what, before and after, written in the transaction of each write.
 * - sys_loginLog: every login, successful or not, and why.
 * - the menus of the pages that show the logs and the live sessions, under the 'system' group.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = sql.raw(engine === 'mysql' ? 'mediumtext' : 'text');
  const datetime = sql.raw(engine === 'postgres' ? 'timestamp' : engine === 'mysql' ? 'datetime' : 'text');
  const table = (name: string) => tableWithId(db, engine, name);

  await db.schema
    .alterTable('sys_role')
    .addColumn('isAdmin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('sys_operationLog')
    .addColumn('userId', 'integer')
    .addColumn('loginid', 'varchar(50)')
    .addColumn('flag', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('rowId', 'varchar(200)')
    .addColumn('changes', text)
    .addColumn('summary', 'varchar(500)')
    .addColumn('createTime', datetime)
    .addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_operationLog_createTime').on('sys_operationLog').column('createTime').execute();
  await db.schema.createIndex('ix_sys_operationLog_flag').on('sys_operationLog').columns(['flag', 'rowId']).execute();

  await table('sys_loginLog')
    .addColumn('loginid', 'varchar(50)')
    .addColumn('userId', 'integer')
    .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(50)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('userAgent', 'varchar(300)')
    .addColumn('createTime', datetime)
    .addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_loginLog_createTime').on('sys_loginLog').column('createTime').execute();
  await db.schema.createIndex('ix_sys_loginLog_loginid').on('sys_loginLog').column('loginid').execute();

  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  // the administrator of an earlier release: the account `admin`, whatever roles it holds
  const admin = await db.selectFrom('sys_user').select('id').where('loginid', '=', 'admin').where('isdelete', '=', 0).executeTakeFirst();
  if (admin) {
    const held = await db
      .selectFrom('sys_userRole')
      .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
      .select('sys_role.id')
      .where('sys_userRole.userId', '=', admin.id)
      .where('sys_role.isdelete', '=', 0)
      .where('sys_role.enable', '=', 1)
      .execute();
    if (held.length > 0) {
      await db
        .updateTable('sys_role')
        .set({ isAdmin: 1 })
        .where(
          'id',
          'in',
          held.map((r) => r.id),
        )
        .execute();
    } else {
      const values = { name: '超级管理员', department: '技术部', parentId: 0, enable: 1, isAdmin: 1, memberid: admin.id, createTime: now, isdelete: 0 };
      await db.insertInto('sys_role').values(values).execute();
      const role = await db.selectFrom('sys_role').select('id').where('isAdmin', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await db.insertInto('sys_userRole').values({ userId: admin.id, roleId: role.id }).execute();
    }
  }

  const system = await db.selectFrom('sys_menu').select('id').where('menuMark', '=', 'system').where('isdelete', '=', 0).executeTakeFirst();
  if (system) {
    const pages = [
      // the generic pages of the two log tables (read-only in the registry)
      { name: '操作日志', menuMark: 'operationLog', url: '/manage/sys_operationLog', icon: 'AuditOutlined', sortNum: 2 },
      { name: '登录日志', menuMark: 'loginLog', url: '/manage/sys_loginLog', icon: 'LoginOutlined', sortNum: 1 },
      { name: '在线用户', menuMark: 'onlineSessions', url: '/manage/onlineSessions', icon: 'TeamOutlined', sortNum: 0 },
    ];
    for (const p of pages) {
      const exists = await db.selectFrom('sys_menu').select('id').where('url', '=', p.url).where('isdelete', '=', 0).executeTakeFirst();
      if (!exists) {
        await db
          .insertInto('sys_menu')
          .values({ ...p, menuType: 1, display: 1, intro: null, parentMenu: system.id, createTime: now, isdelete: 0 })
          .execute();
      }
    }
  }
}
