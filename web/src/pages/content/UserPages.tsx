import { Typography } from 'antd';
import { CrudPage } from '../../crud/CrudPage.tsx';
import { userSource } from '../../crud/sources.ts';
import type { CrudPageConfig } from '../../crud/types.ts';
import { createTimeField, genderEnum, stateEnum } from './enums.ts';

function userConfig(key: string, titleKey: string): CrudPageConfig {
  return {
    key,
    flag: 'sys_user',
    titleKey,
    source: userSource,
    fields: [
      { name: 'loginid', titleKey: 'pages.user.loginid', column: { width: 120 }, search: {} },
      { name: 'name', titleKey: 'pages.user.name', column: { width: 120 }, search: {} },
      { name: 'photo', titleKey: 'pages.user.photo' },
      { name: 'sex', titleKey: 'pages.user.sex', enum: genderEnum, column: { width: 90 } },
      { name: 'state', titleKey: 'pages.user.state', enum: stateEnum, column: { width: 90 } },
      { name: 'intro', titleKey: 'pages.user.intro', column: { width: 150 }, form: { kind: 'textarea' } },
      createTimeField,
    ],
    // SPEC.md §8: the generated password of a new account is shown once, in a warning to confirm
    onSaved: (answer, isNew, { modal, t }) => {
      if (!isNew || !answer.password) return;
      const password = answer.password;
      void modal.warning({
        title: t('pages.user.passwordTitle'),
        content: (
          <Typography.Paragraph copyable={{ text: password, tooltips: [t('pages.user.passwordCopy'), t('crud.ok')] }} data-testid="new-password">
            {t('pages.user.passwordNotice', { password })}
          </Typography.Paragraph>
        ),
        okText: t('crud.ok'),
      });
    },
  };
}

/** 用户管理 (/manage/user) and 用户列表 (/manage/userList): the same accounts, column choices kept apart. */
export const userPageConfig = userConfig('user', 'route.user');
export const userListConfig = userConfig('userList', 'route.userList');

export function UserPage() {
  return <CrudPage config={userPageConfig} />;
}

export function UserListPage() {
  return <CrudPage config={userListConfig} />;
}
