import { Cascader } from 'antd';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { findOptionPath, isFilled, useTableOptions } from '../../forms/options.ts';
import type { FormFieldProps } from '../../crud/types.ts';
import { categoryImportButton } from '../../import/toolbarButtons.tsx';

const subjects = { flag: 'questionsClass', treeParent: 'parentId', sort: 'sortNum' };

/** The subject: a stored leaf shows as its path, a choice hands back the whole path (the server keeps the leaf). */
function SubjectPath({ value, onChange, id }: FormFieldProps) {
  const options = useTableOptions(subjects);
  const path = Array.isArray(value) ? value : isFilled(value) ? (findOptionPath(options.tree, value) ?? [value]) : [];
  return (
    <Cascader id={id} value={path as (string | number)[]} onChange={(v) => onChange?.(v ?? [])} options={options.tree} changeOnSelect allowClear showSearch />
  );
}

/** 题目分类: the categories under parent 0, children loaded on expand; a chosen subject's path is kept in typeId. */
export const questionsSmallClassPage: PageOverrides = {
  key: 'questionsSmallClass',
  flag: 'questionsSmallClass',
  titleKey: 'route.questionsSmallClass',
  toolbarButtons: [categoryImportButton],
  fields: { subjectId: { options: { sort: 'sortNum' }, component: SubjectPath }, parentId: { options: { sort: 'sortNum' } } },
  // an untouched subject (a leaf) leaves typeId as it was
  toParams: (values) => ({ ...values, ...(Array.isArray(values.subjectId) ? { typeId: values.subjectId } : {}) }),
};

export default function QuestionsSmallClassPage() {
  return <TablePage page={questionsSmallClassPage} />;
}
