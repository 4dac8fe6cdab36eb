import type { EnumValue } from '../api/types.ts';
import { t } from './declare.ts';
import type { ColumnDef } from './tableTypes.ts';

/** Columns and enumerations (SPEC.md §2/§3, with the tag colours pages show them in) that several built-in tables share. */

/** Filled by the server; shown (hidden until chosen), never edited. */
export const createTime: ColumnDef = {
  name: 'createTime',
  type: 'datetime',
  serverFilled: true,
  title: t('创建时间', 'Created'),
  ui: { width: 170, form: false },
};
export const createTimeHidden: ColumnDef = { ...createTime, ui: { ...createTime.ui, hidden: true } };
/** The account that added the row (migration 0015; null for earlier rows): what a "created by me" row filter reads. */
export const createdBy: ColumnDef = {
  name: 'createdBy',
  type: 'int',
  serverFilled: true,
  creator: true,
  title: t('创建人', 'Created by'),
  ui: { width: 100, form: false, hidden: true },
};

export const genderEnum: EnumValue[] = [
  { value: 1, label: t('男', 'Male'), color: 'blue' },
  { value: 2, label: t('女', 'Female'), color: 'magenta' },
  { value: 0, label: t('未知', 'Unknown'), color: 'default' },
];
export const yesNoEnum: EnumValue[] = [
  { value: 1, label: t('是', 'Yes'), color: 'green' },
  { value: 0, label: t('否', 'No'), color: 'default' },
];
