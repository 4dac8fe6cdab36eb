import { useMemo } from 'react';
import { Form, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { selectRows } from '../../api/index.ts';
import type { FormFieldProps, Row } from '../../crud/types.ts';
import { buildRowTree } from '../../crud/useCrudList.ts';

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Rows as tree options; the row being edited and its descendants cannot be its own parent. */
function toOptions(rows: Row[], labelField: string, blocked: string | undefined, inBlocked = false): TreeOption[] {
  return rows.map((row) => {
    const off = inBlocked || (blocked !== undefined && String(row.id) === blocked);
    const children = Array.isArray(row.children) ? toOptions(row.children as Row[], labelField, blocked, off) : [];
    return { value: Number(row.id), title: String(row[labelField] ?? row.id), ...(off ? { disabled: true } : {}), ...(children.length ? { children } : {}) };
  });
}

export interface ParentTreeSelectOptions {
  flag: string;
  parentField: string;
  labelField?: string;
  /** i18n key of the root option (value 0): 顶级菜单 / 顶级角色 */
  rootKey: string;
  /** order of siblings, e.g. sortNum desc as the navigation shows them */
  sort?: { field: string; order: 'asc' | 'desc' };
  testId: string;
}

/**
 * The parent of a tree row picked from a tree of every live row of the table, under a root option "0 = none"
 * (SPEC.md §5: a new menu starts on parent 0). An empty value shows as the root and saves 0 (configFromMeta).
 */
export function parentTreeSelect({ flag, parentField, labelField = 'name', rootKey, sort, testId }: ParentTreeSelectOptions) {
  return function ParentTreeSelect({ value, onChange, id }: FormFieldProps) {
    const { t } = useTranslation();
    const form = Form.useFormInstance();
    const editing = form?.getFieldValue('id') as unknown;
    const rows = useQuery({
      queryKey: ['parentOptions', flag, sort?.field ?? null, sort?.order ?? null],
      queryFn: () => selectRows<Row>(flag, { page: 1, row: 99999, wheres: { isdelete: 0 }, ...(sort ? { sort: sort.field, sortType: sort.order } : {}) }),
      staleTime: 0,
    });
    const treeData = useMemo(() => {
      const blocked = editing === undefined || editing === null || editing === '' ? undefined : String(editing);
      const tree = toOptions(buildRowTree(rows.data?.rows ?? [], parentField), labelField, blocked);
      return [{ value: 0, title: t(rootKey), children: tree }];
    }, [rows.data, editing, t]);
    const current = value === undefined || value === null || value === '' ? 0 : Number(value);
    return (
      <TreeSelect
        id={id}
        value={current}
        onChange={(v: number | undefined) => onChange?.(v ?? 0)}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        loading={rows.isLoading}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    );
  };
}
