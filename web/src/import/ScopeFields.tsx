import { Cascader, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { leafOf, useTableOptions } from '../forms/options.ts';
import type { TableOptions } from '../crud/types.ts';
import { IMPORT_NS } from './texts.ts';

/** Subjects (questionsClass) as a tree; any level may be chosen, as in the question form. */
const SUBJECTS: TableOptions = { flag: 'questionsClass', treeParent: 'parentId', sort: 'sortNum' };
/** Categories (questionsSmallClass) of one subject, as their own tree. */
const CATEGORIES: TableOptions = {
  flag: 'questionsSmallClass',
  treeParent: 'parentId',
  sort: 'sortNum',
  dependsOn: { field: 'subject', whereField: 'subjectId' },
};

export type SubjectPath = (number | string)[];

/** The subject (leaf of the cascader path) as an id, or undefined when none is chosen. */
export function subjectIdOf(path: unknown): number | undefined {
  const leaf = leafOf(path);
  return leaf === undefined || leaf === null || leaf === '' ? undefined : Number(leaf);
}

export function SubjectCascader({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: SubjectPath;
  onChange?: (v: SubjectPath | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(IMPORT_NS);
  const options = useTableOptions(SUBJECTS);
  return (
    <Cascader
      id={id}
      value={value}
      onChange={(v) => onChange?.(v && v.length ? (v as SubjectPath) : undefined)}
      options={options.tree}
      changeOnSelect
      allowClear
      showSearch
      disabled={disabled}
      placeholder={t('placeholder.subject')}
      data-testid="import-subject"
    />
  );
}

/**
 * The name of a chosen subject, looked up when asked (at submit time), not from the last render's watched value,
 * which may lag behind a quick click.
 */
export function useSubjectLabelOf(): (path: unknown) => string | undefined {
  const options = useTableOptions(SUBJECTS);
  return (path) => options.list.find((o) => Number(o.value) === subjectIdOf(path))?.label;
}

export function CategoryTreeSelect(props: {
  id?: string;
  subject: unknown;
  value?: number;
  onChange?: (v: number | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation(IMPORT_NS);
  const options = useTableOptions(CATEGORIES, subjectIdOf(props.subject));
  return (
    <TreeSelect
      id={props.id}
      value={props.value}
      onChange={(v) => props.onChange?.(v === undefined || v === null ? undefined : Number(v))}
      treeData={options.tree}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      showSearch={{ treeNodeFilterProp: 'label' }}
      allowClear
      loading={options.loading}
      disabled={props.disabled || options.waiting}
      placeholder={options.waiting ? t('placeholder.categoryFirst') : (props.placeholder ?? t('placeholder.category'))}
      popupMatchSelectWidth
      data-testid="import-category"
    />
  );
}

/** The name of a chosen category of the subject, looked up when asked (see useSubjectLabelOf). */
export function useCategoryLabelOf(subject: unknown): (category: unknown) => string | undefined {
  const options = useTableOptions(CATEGORIES, subjectIdOf(subject));
  return (category) => options.list.find((o) => String(o.value) === String(category))?.label;
}
