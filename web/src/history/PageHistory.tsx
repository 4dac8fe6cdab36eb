import { useState } from 'react';
import { DeletedRowsDrawer } from './DeletedRowsDrawer.tsx';
import { HistoryDrawer, type HistoryTarget } from './HistoryDrawer.tsx';

/** What a table page asked to see: one row's history, or the table's deleted rows. */
export type HistoryRequest = { kind: 'row'; target: HistoryTarget } | { kind: 'deleted' };

interface Props {
  flag: string;
  /** the page's title */
  title: string;
  request: HistoryRequest | undefined;
  /** the role may save on the table: restore */
  canRestore: boolean;
  onClose(): void;
  /** a restore or an undelete was written */
  onChanged(): void;
}

/** The history drawers of a table page (loaded with the first 历史 or 回收站 click): the deleted rows, and a row's history over them. */
export default function PageHistory({ flag, title, request, canRestore, onClose, onChanged }: Props) {
  // a deleted row's history opens over the list of deleted rows
  const [deletedRow, setDeletedRow] = useState<HistoryTarget>();
  return (
    <>
      <DeletedRowsDrawer
        flag={request?.kind === 'deleted' ? flag : undefined}
        title={title}
        onClose={onClose}
        onRestored={onChanged}
        onHistory={(row) => setDeletedRow({ flag, id: row.id, name: row.label ?? `#${row.id}` })}
      />
      <HistoryDrawer
        target={request?.kind === 'row' ? request.target : deletedRow}
        canRestore={canRestore}
        onClose={() => (request?.kind === 'row' ? onClose() : setDeletedRow(undefined))}
        onRestored={onChanged}
      />
    </>
  );
}
