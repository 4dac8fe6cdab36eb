/**
 * The character set and collation of the app's MySQL/MariaDB connections and tables, and of the tables
 * createSqlTable makes there (docs/deployment.md, "Unicode"): utf8mb4_unicode_520_ci tells every 4-byte
 * character apart (utf8mb4_general_ci and utf8mb4_unicode_ci weigh them all alike: 😀 = 😁) and every
 * MySQL ≥ 5.6 and MariaDB ≥ 10.0 has it. A module of its own: no driver is loaded with it.
 */
export const MYSQL_CHARSET = 'utf8mb4';
export const MYSQL_COLLATION = 'utf8mb4_unicode_520_ci';
