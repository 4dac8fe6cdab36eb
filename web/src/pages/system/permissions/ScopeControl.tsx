import { useState } from 'react';
import { Button, Select } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableMeta } from '@qb/contracts';
import { CREATOR_COLUMN, filterText, OWN_FILTER, scopeModeOf, type RowFilter, type ScopeMode } from './rowScope.ts';
import { useFilterReading, useScopeFields } from './scopeReading.ts';
import { ScopeDialog } from './ScopeDialog.tsx';
import './permissions.css';

export interface ScopeControlProps {
  menuId: number;
  /** the menu as the page names it */
  menu: string;
  /** the page's table (undefined while the tables are read) */
  meta: TableMeta | undefined;
  /** the grant's filter as it is now on the page */
  filter: RowFilter | null;
  /** as it was loaded: 接口设置的条件 gives it back */
  stored: RowFilter | null;
  disabled?: boolean;
  onChange(filter: RowFilter | null): void;
}

/**
 * A granted page's 数据范围: 全部数据, 仅本人创建 (a table recording its rows' creator), 自定义 (the page's search
 * fields, in a dialog), and a filter set through the API, shown as text and kept until another is chosen.
 */
export function ScopeControl({ menuId, menu, meta, filter, stored, disabled, onChange }: ScopeControlProps) {
  const { t } = useTranslation();
  const fields = useScopeFields(meta);
  const reading = useFilterReading(meta, fields, filter);
  const [editing, setEditing] = useState(false);
  const mode = scopeModeOf(filter, fields);
  const storedMode = scopeModeOf(stored, fields);
  const hasCreator = !!meta?.columns.some((c) => c.name === CREATOR_COLUMN);
  const options: { value: ScopeMode; label: string }[] = [
    { value: 'all', label: t('permission.scope.all') },
    ...(hasCreator || mode === 'own' ? [{ value: 'own' as const, label: t('permission.scope.own') }] : []),
    { value: 'custom', label: t('permission.scope.custom') },
    ...(mode === 'other' || storedMode === 'other' ? [{ value: 'other' as const, label: t('permission.scope.other') }] : []),
  ];
  const choose = (next: ScopeMode) => {
    if (next === 'all') onChange(null);
    else if (next === 'own') onChange({ ...OWN_FILTER });
    else if (next === 'other') onChange(stored);
    else setEditing(true);
  };
  const text = mode === 'custom' || mode === 'other' ? filterText(filter, reading) : undefined;
  const label = t('permission.scope.label', { menu });
  return (
    <div className="qb-scope-cell" data-testid={`scope-${menuId}`}>
      <Select<ScopeMode>
        size="small"
        value={mode}
        options={options}
        onChange={choose}
        disabled={disabled || !meta}
        loading={!meta}
        aria-label={label}
        className="qb-scope-select"
        popupMatchSelectWidth={false}
        data-testid={`scope-select-${menuId}`}
      />
      {text !== undefined && (
        <div className="qb-scope-line">
          <span className="qb-scope-text" title={mode === 'other' ? t('permission.scope.otherNote') : text} data-testid={`scope-text-${menuId}`}>
            {text}
          </span>
          {mode === 'custom' && (
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              disabled={disabled}
              onClick={() => setEditing(true)}
              aria-label={t('permission.scope.editOf', { menu })}
              title={t('permission.scope.edit')}
              data-testid={`scope-edit-${menuId}`}
            />
          )}
        </div>
      )}
      {editing && meta && fields && (
        <ScopeDialog
          menuId={menuId}
          menu={menu}
          meta={meta}
          fields={fields}
          filter={mode === 'custom' ? filter : null}
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
