import i18n from '../../i18n/index.ts';
import { CrudPage } from '../../crud/CrudPage.tsx';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, genderEnum } from './enums.ts';

/** SPEC.md §9: a phone number is 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;

/** 小程序用户管理: newest first; the balance changes through bill flows, so it is shown, not edited. */
export const memberConfig: CrudPageConfig = {
  key: 'member',
  flag: 'sys_member',
  titleKey: 'route.member',
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'name', titleKey: 'pages.member.name', search: {} },
    {
      name: 'phone',
      titleKey: 'pages.member.phone',
      column: { width: 140 },
      search: {},
      form: {
        maxLength: 11,
        // messages are looked up when the rule runs, so they follow the language
        rules: [
          { required: true, validator: async (_, v) => { if (!v || !String(v).trim()) throw new Error(i18n.t('crud.enter', { title: i18n.t('pages.member.phone') })); } },
          { validator: async (_, v) => { if (v && !PHONE_PATTERN.test(String(v))) throw new Error(i18n.t('pages.member.phoneFormat')); } },
        ],
      },
    },
    { name: 'avatar', titleKey: 'pages.member.avatar' },
    { name: 'balance', titleKey: 'pages.member.balance', form: false },
    { name: 'openid', titleKey: 'pages.member.openid', column: { width: 170 } },
    { name: 'gender', titleKey: 'pages.member.gender', enum: genderEnum, search: { kind: 'select' } },
    { ...createTimeField, column: { width: 170, hidden: true } },
  ],
};

export default function MemberPage() {
  return <CrudPage config={memberConfig} />;
}
