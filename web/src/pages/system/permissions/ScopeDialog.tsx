import { useMemo, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableMeta, Wheres } from '@qb/contracts';
import { selectRows } from '../../../api/index.ts';
import { SearchBar } from '../../../crud/SearchBar.tsx';
import { buildOptionTree, DROPDOWN_ROWS, TREE_ROWS, type OptionItem } from '../../../forms/options.ts';
import type { FieldDef, Row } from '../../../crud/types.ts';
import { filterText, formValuesOf, isEmptyFilter, type RowFilter } from './rowScope.ts';
import { useFilterReading } from './scopeReading.ts';

/**
 * The options trees of the cascader search fields, read as the search bar reads them (forms/options.ts
 * useTableOptions, the same cache), so that a stored subject shows as its path in the tree.
 */
function useCascaderTrees(fields: FieldDef[]): { trees: Record<string, OptionItem[]>; ready: boolean } {
  const cascaders = fields.filter((f) => f.search?.kind === 'cascader' && f.options);
  const results = useQueries({
    queries: cascaders.map((f) => {
      const source = f.options!;
      return {
        queryKey: ['options', source.flag, null],
        queryFn: () => selectRows<Row>(source.flag, { page: 1, row: source.treeParent ? TREE_ROWS : DROPDOWN_ROWS, sort: source.sort }),
        staleTime: 30_000,
      };
    }),
  });
  const trees: Record<string, OptionItem[]> = {};
  cascaders.forEach((f, i) => {
    const rows = results[i]?.data?.rows ?? [];
    trees[f.name] = f.options!.treeParent ? buildOptionTree(rows, f.options!.treeParent, f.options!.labelField ?? 'name') : [];
  });
  return { trees, ready: results.every((r) => !r.isLoading) };
}

export interface ScopeDialogProps {
  menuId: number;
  /** the menu as the page names it */
  menu: string;
  meta: TableMeta;
  fields: FieldDef[];
  /** the filter the fields start from (none: empty) */
  filter: RowFilter | null;
  onOk(filter: RowFilter): void;
  onCancel(): void;
}

/** 自定义 数据范围: the page's own search fields (crud/SearchBar.tsx) build the filter; its text below, as it will read. */
export function ScopeDialog({ menuId, menu, meta, fields, filter, onOk, onCancel }: ScopeDialogProps) {
  const { t } = useTranslation();
  const searchFields = useMemo(() => fields.filter((f) => f.search), [fields]);
  const { trees, ready } = useCascaderTrees(searchFields);
  const initial = useMemo(() => (ready && filter ? formValuesOf(filter, searchFields, trees) : undefined), [ready, filter, searchFields, trees]);
  const [draft, setDraft] = useState<Wheres | undefined>();
  // until a field is touched, the filter the dialog was opened with (when the form can show it)
  const current: RowFilter = draft ?? (initial ? (filter ?? {}) : {});
  const reading = useFilterReading(meta, fields, current);
  const empty = isEmptyFilter(current);
  return (
    <Modal
      open
      title={t('permission.scope.dialogTitle', { menu })}
      onOk={() => onOk(current)}
      onCancel={onCancel}
      okButtonProps={{ disabled: empty, 'data-testid': 'scope-dialog-ok' }}
      width={640}
      destroyOnHidden
    >
      <div className="qb-scope-dialog" data-testid="scope-dialog">
        <p className="qb-scope-hint">{t('permission.scope.hint')}</p>
        {searchFields.length === 0 ? (
          <Alert type="info" showIcon message={t('permission.scope.noFields')} />
        ) : !ready ? (
          <Spin />
        ) : (
          <SearchBar formName={`scope_${menuId}`} fields={searchFields} initialValues={initial} onSearch={setDraft} onChange={setDraft} buttons={false} />
        )}
        <p className="qb-scope-preview" aria-live="polite" data-testid="scope-dialog-text">
          {empty ? t('permission.scope.empty') : t('permission.scope.summary', { text: filterText(current, reading) })}
        </p>
      </div>
    </Modal>
  );
}
