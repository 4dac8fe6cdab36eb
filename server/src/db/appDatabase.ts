import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * The app's own database, typed (docs/architecture.md "The app database's types"): every built-in table (declared
 * with its page, packages/contracts/src/resources/) and every system table the migrations make (sessions, grants,
 * captchas, rate limits, versions…), each column with how it reads back on every engine. Written once here as data:
 * the `AppDatabase` type is derived from it, and test/app-database.test.ts compares it with a migrated database (every
 * table and column here exists with this type, nullability and default; every column of those tables is here).
 *
 * A column's spec: its value (`int`: an integer, `number`: money or a float, `text`: varchar, text and date-times,
 * read as `YYYY-MM-DD HH:mm:ss` text), then `?` when it may be null, `=` when NOT NULL with a default (optional on
 * insert); `id`: the auto-increment key. Tables made at run time stay dynamic, `AnyDb` (db/connection.ts), the one
 * untyped door: an operator's tables, the search engine's (`qb_search_mark`, `<table>__search…`, `sys_search…`), other
 * data sources.
 */
export const appTables = {
  questionBank: {
    id: 'id',
    parentId: 'int?',
    typeId: 'int?',
    name: 'text?',
    options: 'text?',
    correctOptions: 'text?',
    subject: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
    createdBy: 'int?',
  },
  questionsClass: {
    id: 'id',
    name: 'text?',
    parentId: 'int?',
    cover: 'text?',
    isUp: 'int?',
    sortNum: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    createdBy: 'int?',
  },
  questionsSmallClass: {
    id: 'id',
    mid: 'int?',
    name: 'text?',
    parentId: 'int?',
    subjectId: 'int?',
    typeId: 'text?',
    cover: 'text?',
    isUp: 'int?',
    sortNum: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    createdBy: 'int?',
  },
  sys_builtinMenu: {
    mark: 'text',
  },
  sys_captcha: {
    id: 'id',
    captchaId: 'text',
    code: 'text',
    expiresAt: 'int',
  },
  sys_config: {
    id: 'id',
    completedItems: 'int?',
    numberQuestions: 'int?',
    taskRewards: 'number?',
    singleAmount: 'number?',
    isdelete: 'int=',
  },
  sys_connsql: {
    id: 'id',
    name: 'text?',
    englishName: 'text?',
    sqlType: 'int?',
    mainAddr: 'text?',
    port: 'int?',
    databaseName: 'text?',
    databaseUser: 'text?',
    databasePsd: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_dataMana: {
    id: 'id',
    name: 'text?',
    isDataBase: 'int?',
    parentid: 'int?',
    intro: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_dataSheet: {
    id: 'id',
    tableName: 'text?',
    intro: 'text?',
    parentid: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    titleEn: 'text?',
    created: 'int=',
    applied: 'text?',
  },
  sys_ddlHistory: {
    id: 'id',
    sheetId: 'int?',
    sourceId: 'int?',
    tableName: 'text?',
    statements: 'text?',
    result: 'text?',
    operatorId: 'int?',
    operatorName: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_layList: {
    id: 'id',
    menuId: 'int?',
    layout: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_layTable: {
    id: 'id',
    name: 'text?',
    tableKey: 'text?',
    tableName: 'text?',
    databaseId: 'int?',
    isCreateTable: 'int?',
    formJson: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_loginFailure: {
    id: 'id',
    loginid: 'text',
    failures: 'int',
    lockedUntil: 'int=',
  },
  sys_loginLog: {
    id: 'id',
    loginid: 'text?',
    userId: 'int?',
    success: 'int=',
    reason: 'text?',
    ip: 'text?',
    userAgent: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_member: {
    id: 'id',
    name: 'text?',
    phone: 'text?',
    avatar: 'text?',
    balance: 'number?',
    openid: 'text?',
    gender: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    createdBy: 'int?',
  },
  sys_menu: {
    id: 'id',
    name: 'text?',
    menuType: 'int?',
    icon: 'text?',
    menuMark: 'text?',
    url: 'text?',
    sortNum: 'int?',
    display: 'int?',
    intro: 'text?',
    parentMenu: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    nameEn: 'text?',
  },
  sys_operationLog: {
    id: 'id',
    userId: 'int?',
    loginid: 'text?',
    flag: 'text',
    action: 'text',
    rowId: 'text?',
    changes: 'text?',
    summary: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  sys_rateLimit: {
    bucket: 'text',
    hits: 'int=',
    startMs: 'int',
  },
  sys_role: {
    id: 'id',
    name: 'text?',
    parentId: 'int?',
    department: 'text?',
    enable: 'int?',
    memberid: 'int?',
    createTime: 'text?',
    isdelete: 'int=',
    isAdmin: 'int=',
  },
  sys_roleMenu: {
    id: 'id',
    roleId: 'int',
    menuId: 'int',
    actions: 'text=',
    rowFilter: 'text?',
    fieldRules: 'text?',
  },
  sys_session: {
    id: 'id',
    tokenHash: 'text',
    userId: 'int',
    createdAt: 'int',
    lastSeenAt: 'int',
  },
  sys_tableFields: {
    id: 'id',
    parentid: 'int?',
    columnName: 'text?',
    type: 'text?',
    length: 'int?',
    defaults: 'text?',
    primaryKey: 'int?',
    nonEmpty: 'int?',
    autoIncrement: 'int?',
    intro: 'text?',
    isdelete: 'int=',
    titleEn: 'text?',
    options: 'text?',
    refTable: 'text?',
    refLabel: 'text?',
  },
  sys_user: {
    id: 'id',
    loginid: 'text?',
    name: 'text?',
    photo: 'text?',
    sex: 'int?',
    state: 'int?',
    intro: 'text?',
    pass: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
    mustChangePassword: 'int=',
  },
  sys_userRole: {
    id: 'id',
    userId: 'int',
    roleId: 'int',
  },
  sys_version: {
    name: 'text',
    version: 'int=',
  },
  testList: {
    id: 'id',
    name: 'text?',
    age: 'int?',
    sex: 'int?',
    avatar: 'text?',
    desc: 'text?',
    lvl: 'int?',
    status: 'int?',
    mark: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
  },
  userBillFlow: {
    id: 'id',
    memberid: 'int?',
    type: 'int?',
    title: 'text?',
    money: 'number?',
    answerDate: 'text?',
    createTime: 'text?',
    isdelete: 'int=',
    createdBy: 'int?',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;

type Value = 'int' | 'number' | 'text';
export type ColumnSpec = 'id' | Value | `${Value}?` | `${Value}=`;

type ValueOf<S> = S extends `text${string}` ? string : number;
type ColumnOf<S> = S extends 'id'
  ? Generated<number>
  : S extends `${string}?`
    ? ValueOf<S> | null
    : S extends `${string}=`
      ? Generated<ValueOf<S>>
      : ValueOf<S>;

type Tables = typeof appTables;

/** The row types of the app's own tables, as Kysely takes them (`Generated`: optional on insert). */
export type AppDatabase = { [T in keyof Tables]: { -readonly [C in keyof Tables[T]]: ColumnOf<Tables[T][C]> } };

/** The app's own database: the built-in and system tables typed. A `Kysely<any>` (the connection's `db`) is one. */
export type AppDb = Kysely<AppDatabase>;

/**
 * The app's database or a transaction on it: what a service called inside the generic write service's transaction
 * takes (that transaction is a `Transaction<any>`, which TypeScript takes as a `Transaction<AppDatabase>`, not as a
 * `Kysely<AppDatabase>`).
 */
export type AppTrx = AppDb | Transaction<AppDatabase>;

/** One of the app's own tables. */
export type AppTable = keyof AppDatabase;
