import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { tableImportButton } from '../../import/tableImportButton.tsx';

/** SPEC.md §9: a phone number is 11 digits starting with 1. */
export const PHONE_PATTERN = '^1\\d{10}$';

/** 小程序用户管理: the phone number's format is the page's own rule; members take the generic import (docs/import.md). */
export const memberPage: PageOverrides = {
  key: 'member',
  flag: 'sys_member',
  titleKey: 'route.member',
  toolbarButtons: [tableImportButton('sys_member')],
  fields: {
    phone: { form: { rules: { maxLength: 11, patterns: [{ regex: PHONE_PATTERN, message: { zh: '手机号格式错误', en: 'Invalid phone number' } }] } } },
  },
};

export default function MemberPage() {
  return <TablePage page={memberPage} />;
}
