import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, isUpEnum } from './enums.ts';

/** 考题科目: a lazy tree ordered by sortNum; the parent is shown by name and chosen with a cascader. */
export const questionsClassConfig: CrudPageConfig = {
  key: 'questionsClass',
  flag: 'questionsClass',
  titleKey: 'route.questionsClass',
  tree: { parentField: 'parentId', mode: 'lazy' },
  sort: { field: 'sortNum', order: 'asc' },
  fields: [
    { name: 'name', titleKey: 'pages.questionsClass.name', column: { width: 200 }, search: {} },
    {
      name: 'parentId',
      titleKey: 'pages.questionsClass.parentId',
      options: { flag: 'questionsClass', treeParent: 'parentId', sort: 'sortNum' },
      form: { required: false },
    },
    { name: 'cover', titleKey: 'pages.common.cover' },
    { name: 'isUp', titleKey: 'pages.common.isUp', enum: isUpEnum, column: { width: 130 }, search: { kind: 'select' } },
    { name: 'sortNum', titleKey: 'pages.common.sortNum', column: { width: 100 }, form: { min: 0 } },
    createTimeField,
  ],
};

export default function QuestionsClassPage() {
  return <CrudPage config={questionsClassConfig} />;
}
