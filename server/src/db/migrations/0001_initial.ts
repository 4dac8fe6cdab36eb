import { type Kysely, sql } from 'kysely';
import { tableWithId } from '../builtinTables.ts';
import type { Engine } from '../connection.ts';

/*
 * The first release's schema, frozen: these definitions and this DDL must never change, because every
 * database made by that release was made by exactly this. A change of a built-in table is a new
 * migration (docs/migrations.md).
 */

type FrozenColumn = [name: string, type: string, length?: number | null, defaultValue?: string | number];
interface FrozenTable {
  table: string;
  softDelete: boolean;
  columns: FrozenColumn[];
  indexes?: string[][];
}

const tables: FrozenTable[] = [
  {
    table: 'sys_connsql',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 20],
      ['englishName', 'nvarchar', 20],
      ['sqlType', 'int'],
      ['mainAddr', 'nvarchar', 200],
      ['port', 'int'],
      ['databaseName', 'nvarchar', 100],
      ['databaseUser', 'nvarchar', 100],
      ['databasePsd', 'nvarchar', 200],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'sys_dataSheet',
    softDelete: true,
    columns: [
      ['tableName', 'nvarchar', 64],
      ['intro', 'nvarchar', 200],
      ['parentid', 'int', null, 10000],
      ['createTime', 'datetime'],
    ],
    indexes: [['parentid']],
  },
  {
    table: 'sys_tableFields',
    softDelete: true,
    columns: [
      ['parentid', 'int'],
      ['columnName', 'nvarchar', 64],
      ['type', 'nvarchar', 20, 'nvarchar'],
      ['length', 'int', null, 50],
      ['defaults', 'nvarchar', 200],
      ['primaryKey', 'int', null, 0],
      ['nonEmpty', 'int', null, 0],
      ['autoIncrement', 'int', null, 0],
      ['intro', 'nvarchar', 200],
    ],
    indexes: [['parentid']],
  },
  {
    table: 'sys_dataMana',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 100],
      ['isDataBase', 'int', null, 0],
      ['parentid', 'int', null, 0],
      ['intro', 'nvarchar', 200],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'sys_role',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 50],
      ['parentId', 'int', null, 0],
      ['department', 'nvarchar', 50],
      ['enable', 'int', null, 1],
      ['memberid', 'int'],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'sys_user',
    softDelete: true,
    columns: [
      ['loginid', 'nvarchar', 50],
      ['name', 'nvarchar', 50],
      ['photo', 'image'],
      ['sex', 'int', null, 0],
      ['state', 'int', null, 1],
      ['intro', 'nvarchar', 200],
      ['pass', 'nvarchar', 200],
      ['createTime', 'datetime'],
    ],
    indexes: [['loginid']],
  },
  {
    table: 'questionsClass',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 100],
      ['parentId', 'int', null, 0],
      ['cover', 'image'],
      ['isUp', 'int', null, 0],
      ['sortNum', 'int', null, 0],
      ['createTime', 'datetime'],
    ],
    indexes: [['isdelete', 'parentId', 'sortNum']],
  },
  {
    table: 'questionsSmallClass',
    softDelete: true,
    columns: [
      ['mid', 'int'],
      ['name', 'nvarchar', 100],
      ['parentId', 'int', null, 0],
      ['subjectId', 'int'],
      ['typeId', 'nvarchar', 500],
      ['cover', 'image'],
      ['isUp', 'int', null, 0],
      ['sortNum', 'int', null, 0],
      ['createTime', 'datetime'],
    ],
    indexes: [
      ['isdelete', 'subjectId'],
      ['isdelete', 'parentId'],
    ],
  },
  {
    table: 'questionBank',
    softDelete: true,
    columns: [
      ['parentId', 'int'],
      ['typeId', 'int'],
      ['name', 'nvarchar', 1000],
      ['options', 'ntext'],
      ['correctOptions', 'nvarchar', 50],
      ['subject', 'ntext'],
      ['createTime', 'datetime'],
    ],
    indexes: [
      ['isdelete', 'parentId', 'id'],
      ['isdelete', 'typeId', 'id'],
    ],
  },
  {
    table: 'sys_member',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 50],
      ['phone', 'nvarchar', 20],
      ['avatar', 'image'],
      ['balance', 'money', null, 0],
      ['openid', 'nvarchar', 100],
      ['gender', 'int', null, 0],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'userBillFlow',
    softDelete: true,
    columns: [
      ['memberid', 'int'],
      ['type', 'int'],
      ['title', 'nvarchar', 100],
      ['money', 'money'],
      ['answerDate', 'datetime'],
      ['createTime', 'datetime'],
    ],
    indexes: [['isdelete', 'memberid'], ['answerDate']],
  },
  {
    table: 'sys_config',
    softDelete: true,
    columns: [
      ['completedItems', 'int'],
      ['numberQuestions', 'int'],
      ['taskRewards', 'money'],
      ['singleAmount', 'money'],
    ],
  },
  {
    table: 'sys_menu',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 50],
      ['menuType', 'int', null, 1],
      ['icon', 'nvarchar', 50],
      ['menuMark', 'nvarchar', 50],
      ['url', 'nvarchar', 300],
      ['sortNum', 'int', null, 0],
      ['display', 'int', null, 1],
      ['intro', 'nvarchar', 200],
      ['parentMenu', 'int', null, 0],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'sys_layTable',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 100],
      ['tableKey', 'nvarchar', 100],
      ['tableName', 'nvarchar', 64],
      ['databaseId', 'int'],
      ['isCreateTable', 'int', null, 0],
      ['formJson', 'ntext'],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'sys_layList',
    softDelete: true,
    columns: [
      ['menuId', 'int'],
      ['layout', 'ntext'],
      ['createTime', 'datetime'],
    ],
  },
  {
    table: 'testList',
    softDelete: true,
    columns: [
      ['name', 'nvarchar', 50],
      ['age', 'int'],
      ['sex', 'int', null, 1],
      ['avatar', 'image'],
      ['desc', 'nvarchar', 500],
      ['lvl', 'int'],
      ['status', 'int', null, 1],
      ['mark', 'nvarchar', 50],
      ['createTime', 'datetime'],
    ],
  },
];

function frozenSqlType(engine: Engine, type: string, length: number): string {
  switch (type) {
    case 'int':
      return 'integer';
    case 'nvarchar':
      return `varchar(${length})`;
    case 'image':
      return 'varchar(500)';
    case 'ntext':
      return engine === 'mysql' ? 'mediumtext' : 'text';
    case 'float':
      return engine === 'postgres' ? 'double precision' : engine === 'mysql' ? 'double' : 'real';
    case 'money':
      return engine === 'sqlite' ? 'numeric' : 'decimal(12,2)';
    case 'datetime':
      return engine === 'postgres' ? 'timestamp' : engine === 'mysql' ? 'datetime' : 'text';
    default:
      throw new Error(`unknown column type ${type}`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function createFrozenTable(db: AnyDb, engine: Engine, def: FrozenTable): Promise<void> {
  let builder = tableWithId(db, engine, def.table).ifNotExists();
  for (const [name, type, length, defaultValue] of def.columns) {
    builder = builder.addColumn(name, sql.raw(frozenSqlType(engine, type, length ?? 50)), (c) => (defaultValue === undefined ? c : c.defaultTo(defaultValue)));
  }
  if (def.softDelete) builder = builder.addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0));
  await builder.execute();
  for (const columns of def.indexes ?? []) {
    await db.schema
      .createIndex(`ix_${def.table}_${columns.join('_')}`)
      .ifNotExists()
      .on(def.table)
      .columns(columns)
      .execute();
  }
}

/** Tables the product needs beyond SPEC.md §3 (docs/decisions.md says why). */
async function createInternalTables(db: AnyDb, engine: Engine) {
  const pk = (name: string) => tableWithId(db, engine, name).ifNotExists();
  await pk('sys_session')
    .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_sys_session_userId').ifNotExists().on('sys_session').column('userId').execute();
  await pk('sys_userRole')
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('roleId', 'integer', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_userRole', ['userId', 'roleId'])
    .execute();
  await pk('sys_roleMenu')
    .addColumn('roleId', 'integer', (c) => c.notNull())
    .addColumn('menuId', 'integer', (c) => c.notNull())
    .addColumn('actions', 'varchar(100)', (c) => c.notNull().defaultTo('read'))
    .addUniqueConstraint('uq_sys_roleMenu', ['roleId', 'menuId'])
    .execute();
  await pk('sys_captcha')
    .addColumn('captchaId', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await pk('sys_loginFailure')
    .addColumn('loginid', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('lockedUntil', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  for (const def of tables) await createFrozenTable(db, engine, def);
  await createInternalTables(db, engine);
}
