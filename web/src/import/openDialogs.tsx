import type { PageContextApi } from '../crud/types.ts';
import { showDialog } from './dialogHost.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import type { ImportKind } from './importFlow.ts';

/** Loaded on the first click of a toolbar button, so the pages' chunks stay small. */
export function openImportDialog(kind: ImportKind, page: PageContextApi) {
  showDialog((host) => <ImportDialog kind={kind} {...host} onImported={() => page.reload()} />);
}

export function openExportDialog() {
  showDialog((host) => <ExportDialog {...host} />);
}
