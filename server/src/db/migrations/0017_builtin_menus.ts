import type { AnyDb, Engine } from '../connection.ts';

/*
 * The built-in menus an installation has been given (issue 32), frozen once released: `sys_builtinMenu` holds the
 * menu mark of every declared page and group the seed or the start-up step (seed/builtinMenus.ts) has put into
 * sys_menu once. A page declared later gets its menu on the next start of each installation, once: a menu an
 * operator moved, renamed or deleted afterwards is theirs and stays as they left it.
 *
 * An installation made by an earlier release (it has accounts: the seed has run) was given, by its seed and by
 * 0003_access, every menu of this release's navigation: those marks are written here, this step's own copy, not
 * the live declarations (a later page is not among them, and the start-up step adds it). A new database gets no row
 * here: its seed gives every menu and writes its marks. MySQL/MariaDB commit each DDL statement on its own: a start
 * that stopped in the middle runs this step again, which adds no mark twice.
 */
export const GIVEN_MENU_MARKS = [
  'home',
  'questionGroup',
  'questionsClass',
  'questionsSmallClass',
  'questionBank',
  'operationGroup',
  'member',
  'billFlow',
  'taskConfiguration',
  'system',
  'menu',
  'role',
  'user',
  'permission',
  'operationLog',
  'loginLog',
  'onlineSessions',
  'baseMana',
  'connSql',
  'dataMana',
  'dataSMana',
  'devTools',
  'layTable',
  'samples',
  'sampleLists',
  'testList',
  'testThree',
  'roleList',
  'userList',
] as const;

export const MENU_MARK_LENGTH = 50;

export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('sys_builtinMenu')
    .ifNotExists()
    .addColumn('mark', `varchar(${MENU_MARK_LENGTH})`, (c) => c.notNull().primaryKey())
    .execute();
  const seeded = (await db.selectFrom('sys_user').select('id').limit(1).execute()).length > 0;
  if (!seeded) return;
  const given = new Set((await db.selectFrom('sys_builtinMenu').select('mark').execute()).map((r) => r.mark as string));
  const missing = GIVEN_MENU_MARKS.filter((mark) => !given.has(mark));
  if (missing.length > 0)
    await db
      .insertInto('sys_builtinMenu')
      .values(missing.map((mark) => ({ mark })))
      .execute();
}
