import { useMemo, useState } from 'react';
import { Checkbox, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { textIn } from '../../../crud/configFromMeta.ts';
import { accessOf, ALL_HIDDEN, limitableColumns, rulesOf, rulesText, type FieldAccess, type FieldRules } from './fieldRules.ts';

export interface FieldRulesDialogProps {
  menuId: number;
  /** the menu as the page names it */
  menu: string;
  meta: TableMeta;
  /** the rules the boxes start from */
  rules: FieldRules | null;
  onOk(rules: FieldRules | null): void;
  onCancel(): void;
}

interface Line {
  name: string;
  title: string;
  serverFilled: boolean;
  /** a stored rule's column the table no longer has: shown, kept, not editable */
  gone?: 'hidden' | 'readOnly';
}

/**
 * 字段权限 of a granted page: each column of the page's table with 可读 and 可写 (可写 implies 可读; unticking 可读
 * unticks 可写). The server's own columns are never written: their 可写 is off and disabled.
 */
export function FieldRulesDialog({ menuId, menu, meta, rules, onOk, onCancel }: FieldRulesDialogProps) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(() => limitableColumns(meta), [meta]);
  const [access, setAccess] = useState<Map<string, FieldAccess>>(() => accessOf(rules, columns));
  const lines = useMemo<Line[]>(() => {
    const known = new Set(columns.map((c) => c.name));
    const gone = (list: string[] | undefined, kind: 'hidden' | 'readOnly') =>
      (list ?? [])
        .filter((n) => !known.has(n) && n !== ALL_HIDDEN)
        .map((name) => ({ name, title: t('permission.fields.gone', { name }), serverFilled: false, gone: kind }));
    return [
      ...columns.map((c) => ({ name: c.name, title: textIn(c.title, i18n.language), serverFilled: !!c.serverFilled })),
      ...gone(rules?.hidden, 'hidden'),
      ...gone(rules?.readOnly, 'readOnly'),
    ];
  }, [columns, rules, t, i18n.language]);
  const result = rulesOf(access, columns, rules);

  const set = (name: string, change: Partial<FieldAccess>) =>
    setAccess((prev) => {
      const next = new Map(prev);
      const now = { ...(next.get(name) ?? { read: true, write: true }), ...change };
      if (change.write) now.read = true;
      if (change.read === false) now.write = false;
      next.set(name, now);
      return next;
    });

  const tableColumns: ColumnsType<Line> = [
    { title: t('permission.fields.field'), key: 'field', render: (_, l) => <span className={l.gone ? 'qb-fields-gone' : undefined}>{l.title}</span> },
    {
      title: t('permission.fields.read'),
      key: 'read',
      width: 90,
      align: 'center',
      render: (_, l) => (
        <Checkbox
          checked={l.gone ? l.gone !== 'hidden' : (access.get(l.name)?.read ?? true)}
          disabled={!!l.gone}
          onChange={(e) => set(l.name, { read: e.target.checked })}
          aria-label={t('permission.fields.readOf', { field: l.title })}
          data-testid={`fields-read-${l.name}`}
        />
      ),
    },
    {
      title: t('permission.fields.write'),
      key: 'write',
      width: 90,
      align: 'center',
      render: (_, l) => (
        <Checkbox
          checked={l.gone ? false : (access.get(l.name)?.write ?? false)}
          disabled={!!l.gone || l.serverFilled}
          title={l.serverFilled ? t('permission.fields.serverFilled') : undefined}
          onChange={(e) => set(l.name, { write: e.target.checked })}
          aria-label={t('permission.fields.writeOf', { field: l.title })}
          data-testid={`fields-write-${l.name}`}
        />
      ),
    },
  ];

  return (
    <Modal
      open
      title={t('permission.fields.dialogTitle', { menu })}
      onOk={() => onOk(result)}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'fields-dialog-ok' }}
      width={560}
      destroyOnHidden
    >
      <div className="qb-fields-dialog" data-testid="fields-dialog">
        <p className="qb-scope-hint">{t('permission.fields.hint')}</p>
        <Table<Line>
          size="small"
          rowKey="name"
          columns={tableColumns}
          dataSource={lines}
          pagination={false}
          scroll={lines.length > 12 ? { y: 420 } : undefined}
          data-testid={`fields-table-${menuId}`}
        />
        <p className="qb-scope-preview" aria-live="polite" data-testid="fields-dialog-text">
          {rulesText(result, meta, i18n.language, t)}
        </p>
      </div>
    </Modal>
  );
}
