import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { loginLogPage } from './loginLog.tsx';
import { operationLogPage } from './operationLog.tsx';

/**
 * What a table's metadata cannot say about its generated page (/manage/<table> without a page module): cell
 * renderers and column order, per table. GeneratedPage merges them over the metadata like a page file's overrides.
 */
export const generatedPageOverrides: Record<string, Pick<PageOverrides, 'fields' | 'order'>> = {
  sys_operationLog: operationLogPage,
  sys_loginLog: loginLogPage,
};
