import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, isUpEnum } from './enums.ts';
import { categoryImportButton } from '../../import/toolbarButtons.tsx';

const subjectTree = { flag: 'questionsClass', treeParent: 'parentId', sort: 'sortNum' };

/**
 * 题目分类: the categories under parent 0, children loaded on expand, searched by subject. The subject is
 * chosen with a cascader; its whole path is kept in typeId (a list) and its leaf in subjectId.
 */
export const questionsSmallClassConfig: CrudPageConfig = {
  key: 'questionsSmallClass',
  flag: 'questionsSmallClass',
  titleKey: 'route.questionsSmallClass',
  tree: { parentField: 'parentId', mode: 'lazy' },
  sort: { field: 'sortNum', order: 'asc' },
  toolbarButtons: [categoryImportButton],
  fields: [
    { name: 'name', titleKey: 'pages.questionsSmallClass.name', column: { width: 220 }, search: {} },
    { name: 'subjectId', titleKey: 'pages.questionsSmallClass.subjectId', options: subjectTree, search: { kind: 'cascader' } },
    {
      name: 'parentId',
      titleKey: 'pages.questionsSmallClass.parentId',
      options: { flag: 'questionsSmallClass', treeParent: 'parentId', sort: 'sortNum' },
      column: { hidden: true },
      form: { required: false },
    },
    { name: 'cover', titleKey: 'pages.common.cover' },
    { name: 'isUp', titleKey: 'pages.common.isUp', enum: isUpEnum, column: { width: 130 }, search: { kind: 'select' } },
    { name: 'sortNum', titleKey: 'pages.common.sortNum', column: { width: 100 }, form: { min: 0 } },
    createTimeField,
  ],
  // a chosen path is kept whole in typeId; an untouched leaf leaves typeId as it was
  toParams: (values) => ({ ...values, ...(Array.isArray(values.subjectId) ? { typeId: values.subjectId } : {}) }),
};

export default function QuestionsSmallClassPage() {
  return <CrudPage config={questionsSmallClassConfig} />;
}
