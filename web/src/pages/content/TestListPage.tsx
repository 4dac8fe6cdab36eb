import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, genderEnum, markEnum, statusEnum } from './enums.ts';

/** 测试列表: the sample list of SPEC.md §2 (mark is a list: several tags). */
export const testListConfig: CrudPageConfig = {
  key: 'testList',
  flag: 'testList',
  titleKey: 'route.testList',
  fields: [
    { name: 'name', titleKey: 'pages.testList.name', column: { width: 80 }, search: {} },
    { name: 'age', titleKey: 'pages.testList.age', column: { width: 60 }, form: { min: 0, max: 150 } },
    { name: 'sex', titleKey: 'pages.testList.sex', enum: genderEnum.filter((o) => o.value !== 0), column: { width: 84 }, search: { kind: 'select' } },
    { name: 'avatar', titleKey: 'pages.testList.avatar', column: { width: 70 } },
    { name: 'desc', titleKey: 'pages.testList.desc', column: { width: 120 }, form: { kind: 'textarea' } },
    { name: 'lvl', titleKey: 'pages.testList.lvl', column: { width: 80 }, form: { min: 1, max: 10 } },
    { name: 'status', titleKey: 'pages.testList.status', enum: statusEnum, column: { width: 90 }, search: { kind: 'select' } },
    { name: 'mark', titleKey: 'pages.testList.mark', enum: markEnum, list: true, column: { width: 236 } },
    { ...createTimeField, column: { width: 170, hidden: true } },
  ],
};

export default function TestListPage() {
  return <CrudPage config={testListConfig} />;
}
