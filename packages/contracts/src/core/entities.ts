/** Logical column types of the table registry (SPEC.md §3 "Column types offered"), plus the internal ones. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * The name of a table or a column an operator defines (and so of a generated page, /manage/<name>): a letter, then
 * letters, digits or underscores, 63 characters at most (PostgreSQL's limit); one pattern on every engine, on both sides.
 */
export const SQL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** SPEC.md §5: the files an image column (and a form's `image` accept) takes, in any case. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;

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
