import type { PageContextApi } from '../crud/types.ts';
import { showDialog } from './dialogHost.tsx';
import { TableImportDialog } from './TableImportDialog.tsx';

/** Loaded on the first click of 导入 on a table's page, so the pages' chunks stay small. */
export function openTableImportDialog(flag: string, page: PageContextApi) {
  showDialog((host) => <TableImportDialog flag={flag} {...host} onImported={() => page.reload()} />);
}
