/** Logical column types of the table registry (SPEC.md §3 "Column types offered"), plus the internal ones. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * The entities the API answers (TableMeta, ColumnMeta, MenuRow, UserInfo, DashboardSummary, …) are the types
 * of the route schemas in api/models.ts, inferred in api/types.ts and exported from this package's entry.
 */
