import { Typography } from 'antd';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { userSource } from '../../crud/sources.ts';
import { accountRowButtons } from '../system/accountActions.tsx';

function userPage(key: string, titleKey: string): PageOverrides {
  return {
    key,
    flag: 'sys_user',
    titleKey,
    // listed by /api/user/list/, saved by /api/user/save/
    source: userSource,
    rowButtons: accountRowButtons,
    // SPEC.md §8: the generated password of a new account is shown once, in a warning to confirm
    onSaved: (answer, isNew, { modal, t }) => {
      const password = (answer as { password?: string }).password;
      if (!isNew || !password) return;
      void modal.warning({
        title: t('pages.user.passwordTitle'),
        content: (
          <>
            <Typography.Paragraph copyable={{ text: password, tooltips: [t('pages.user.passwordCopy'), t('crud.ok')] }} data-testid="new-password">
              {t('pages.user.passwordNotice', { password })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('pages.user.mustChangeNotice')}</Typography.Paragraph>
          </>
        ),
        okText: t('crud.ok'),
      });
    },
  };
}

/** 用户管理 (/manage/user) and 用户列表 (/manage/userList): the same accounts, column choices kept apart. */
export const userPageOverrides = userPage('user', 'route.user');
export const userListPageOverrides = userPage('userList', 'route.userList');

export function UserPage() {
  return <TablePage page={userPageOverrides} />;
}

export function UserListPage() {
  return <TablePage page={userListPageOverrides} />;
}
