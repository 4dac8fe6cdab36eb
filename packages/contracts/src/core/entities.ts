/** Logical column types of the table registry (SPEC.md §3 "Column types offered"), plus the internal ones. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * The entities the API answers (TableMeta, ColumnMeta, MenuRow, UserInfo, DashboardSummary, …) are the types
 * of the route schemas in api/models.ts, inferred in api/types.ts and exported from this package's entry.
 */

/**
 * The `databasePsd` a save of a data source (sys_connsql) sends to say that the database has no password (MariaDB's
 * root with an empty password, PostgreSQL with trust authentication): stored as the empty password. An empty
 * `databasePsd` says something else (on an edit: keep the stored one), and no real password can be this value: a
 * password with a control character is refused (server/src/tables/connsql.ts).
 */
export const SOURCE_NO_PASSWORD = '\u0001no-password';
