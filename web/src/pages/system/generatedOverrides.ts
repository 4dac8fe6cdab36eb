import type { FieldOverride } from '../../crud/configFromMeta.ts';
import { operationLogFields } from './operationLog.tsx';

/**
 * Cell renderers of generated pages (/manage/<table> without a page module), per table: what a table's metadata
 * cannot say. GeneratedPage merges them over the metadata like a page file's `fields`.
 */
export const generatedFieldOverrides: Record<string, Record<string, FieldOverride>> = {
  sys_operationLog: operationLogFields,
};
