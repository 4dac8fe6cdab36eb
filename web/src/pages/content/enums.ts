import type { EnumOption } from '../../crud/types.ts';

/** The enumerations of SPEC.md §2/§3, with i18n keys and tag colours. */
export const isUpEnum: EnumOption[] = [
  { value: 0, labelKey: 'enums.isUp0', color: 'default' },
  { value: 1, labelKey: 'enums.isUp1', color: 'green' },
];

export const genderEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.gender1', color: 'blue' },
  { value: 2, labelKey: 'enums.gender2', color: 'magenta' },
  { value: 0, labelKey: 'enums.gender0', color: 'default' },
];

export const billTypeEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.billType1', color: 'green' },
  { value: 2, labelKey: 'enums.billType2', color: 'orange' },
];

/** sys_user.state: 1 usable, 0 not */
export const stateEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.state1', color: 'green' },
  { value: 0, labelKey: 'enums.state0', color: 'red' },
];

/** sys_role.enable: 1 yes, 0 no */
export const enableEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.enable1', color: 'green' },
  { value: 0, labelKey: 'enums.enable0', color: 'default' },
];

export const statusEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.status1', color: 'green' },
  { value: 0, labelKey: 'enums.status0', color: 'default' },
];

export const markEnum: EnumOption[] = [
  { value: 1, labelKey: 'enums.mark1', color: 'red' },
  { value: 2, labelKey: 'enums.mark2', color: 'blue' },
  { value: 3, labelKey: 'enums.mark3', color: 'gold' },
];

/** Filled by the server; shown, never edited. */
export const createTimeField = { name: 'createTime', titleKey: 'pages.common.createTime', form: false, column: { width: 170 } } as const;
