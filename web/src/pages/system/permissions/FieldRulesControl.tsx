import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { FieldRulesDialog } from './FieldRulesDialog.tsx';
import { isEmptyRules, rulesSummaryParts, rulesText, type FieldRules } from './fieldRules.ts';
import './permissions.css';

export interface FieldRulesControlProps {
  menuId: number;
  /** the menu as the page names it */
  menu: string;
  /** the page's table (undefined while the tables are read) */
  meta: TableMeta | undefined;
  /** the grant's rules as they are now on the page */
  rules: FieldRules | null;
  disabled?: boolean;
  onChange(rules: FieldRules | null): void;
}

/** A granted page's 字段权限: its summary (全部字段 / 隐藏 2 个，只读 1 个, the names on hover) and the dialog that sets it. */
export function FieldRulesControl({ menuId, menu, meta, rules, disabled, onChange }: FieldRulesControlProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const summary = rulesSummaryParts(rules, t);
  const names = isEmptyRules(rules) ? undefined : rulesText(rules, meta, i18n.language, t);
  return (
    <div className="qb-scope-line qb-fields-cell" data-testid={`fields-${menuId}`}>
      <span className="qb-scope-text qb-fields-summary" title={names} data-testid={`fields-summary-${menuId}`}>
        {summary.map((part) => (
          <span key={part} className="qb-fields-part">
            {part}
          </span>
        ))}
      </span>
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        disabled={disabled || !meta}
        onClick={() => setEditing(true)}
        aria-label={t('permission.fields.editOf', { menu })}
        title={t('permission.fields.edit')}
        data-testid={`fields-edit-${menuId}`}
      />
      {editing && meta && (
        <FieldRulesDialog
          menuId={menuId}
          menu={menu}
          meta={meta}
          rules={rules}
          onOk={(next) => {
            setEditing(false);
            onChange(next);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </div>
  );
}
