import { useRef } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { cellText, columnKindOf } from './cells.tsx';
import type { ConflictChanges, ConflictField } from './conflicts.ts';
import type { Row } from './types.ts';
import { useReferenceNames, type ReferenceNames } from './useReferenceNames.ts';

export interface ConflictPanelProps {
  open: boolean;
  changes: ConflictChanges;
  /** the values the dialog opened with, the current row's, and the ones typed (all as form values) */
  opened: Row;
  theirs: Row;
  mine: Row;
  /** loading the current row for the reload */
  reloading?: boolean;
  onReload(): void;
  onCancel(): void;
}

/** A value as the table shows it: enumeration labels, reference names, money with cents; empty as "(empty)". */
function shown(f: ConflictField, row: Row, names: ReferenceNames, empty: string): string {
  const text = f.field ? cellText(f.field, columnKindOf(f.field), row, names) : textOf(row[f.name]);
  return text === '' ? empty : text;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function ChangesTable({
  caption,
  fields,
  before,
  after,
  afterTitle,
  names,
  testId,
}: {
  caption: string;
  fields: ConflictField[];
  before: Row;
  after: Row;
  afterTitle: string;
  names: ReferenceNames;
  testId: string;
}) {
  const { t } = useTranslation();
  const empty = t('crud.conflict.empty');
  return (
    <table className="qb-conflict-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('crud.conflict.field')}</th>
          <th scope="col">{t('crud.conflict.before')}</th>
          <th scope="col">{afterTitle}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.name} data-field={f.name}>
            <th scope="row">{f.title}</th>
            <td>{shown(f, before, names, empty)}</td>
            <td>{shown(f, after, names, empty)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What a save refused with 409 CONFLICT shows over the edit dialog: the fields the other person changed since the
 * dialog opened (before and now) and the ones you changed (before and yours), with 重新载入并保留我的修改 and 取消.
 */
export function ConflictPanel({ open, changes, opened, theirs, mine, reloading, onReload, onCancel }: ConflictPanelProps) {
  const { t } = useTranslation();
  const reloadButton = useRef<HTMLButtonElement>(null);
  const fields = [...changes.theirs, ...changes.mine].flatMap((f) => (f.field ? [f.field] : []));
  const names = useReferenceNames(fields, [opened, theirs, mine]);
  return (
    <Modal
      open={open}
      title={t('crud.conflict.title')}
      width={640}
      className="qb-conflict-panel"
      mask={{ closable: false }}
      onCancel={onCancel}
      // the way out that keeps the person's work takes the focus (antd gives it to the dialog's frame)
      afterOpenChange={(isOpen) => isOpen && reloadButton.current?.focus()}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="conflict-cancel">
          {t('crud.conflict.cancel')}
        </Button>,
        <Button key="reload" type="primary" loading={reloading} onClick={onReload} ref={reloadButton} data-testid="conflict-reload">
          {t('crud.conflict.reload')}
        </Button>,
      ]}
    >
      <p>{t('crud.conflict.intro')}</p>
      {changes.theirs.length > 0 ? (
        <ChangesTable
          caption={t('crud.conflict.theirs')}
          fields={changes.theirs}
          before={opened}
          after={theirs}
          afterTitle={t('crud.conflict.now')}
          names={names}
          testId="conflict-theirs"
        />
      ) : (
        <p data-testid="conflict-theirs-elsewhere">{t('crud.conflict.elsewhere')}</p>
      )}
      {changes.mine.length > 0 && (
        <ChangesTable
          caption={t('crud.conflict.mine')}
          fields={changes.mine}
          before={opened}
          after={mine}
          afterTitle={t('crud.conflict.yours')}
          names={names}
          testId="conflict-mine"
        />
      )}
    </Modal>
  );
}
