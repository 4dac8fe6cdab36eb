/**
 * The name under which every row a list or read answers carries its version, and under which a save, a
 * master-slave save or a delete may send it back (docs/api.md, "Row versions"): a save whose version is older
 * than the stored row is a 409 CONFLICT (`ERROR_CODES.rowConflict`) with the current row, and changes nothing.
 */
export const ROW_VERSION_FIELD = '_version';
