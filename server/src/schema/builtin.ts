import { builtinTableDefs } from '@qb/contracts/pages';
import type { TableDef } from './types.ts';

/**
 * Every built-in table (SPEC.md §3 and the product's own), with the field names exactly as given, and every fact
 * about them: types, lengths, titles in both languages, enumerations, references, search and list hints. Each is
 * declared with the page that owns it (packages/contracts/src/resources/, docs/architecture.md "A built-in
 * resource"); `id` and `isdelete` are implicit. The server validates saves against these facts and the web builds
 * its pages from them (GET /api/schema/:flag). The first releases' tables were made by their frozen migrations, a
 * later one by the migration step its declaration names (`createdIn`, server/src/db/builtinTables.ts).
 */
export const builtinTables: TableDef[] = [...builtinTableDefs];
