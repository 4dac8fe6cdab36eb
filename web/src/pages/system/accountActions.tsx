import { useState } from 'react';
import { Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { fetchUserRoles, resetPassword, saveUserRoles, selectRows } from '../../api/index.ts';
import type { PageContextApi, Row, RowButton } from '../../crud/types.ts';

interface RoleOption {
  id: number;
  name: string;
}

/** The account's roles, picked from all roles; what is chosen when OK is pressed is saved. */
function RolePicker({ roles, initial, onChange, t }: { roles: RoleOption[]; initial: number[]; onChange(ids: number[]): void; t: TFunction }) {
  const [value, setValue] = useState(initial);
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      value={value}
      aria-label={t('pages.user.roles')}
      placeholder={t('pages.user.roles')}
      options={roles.map((r) => ({ value: r.id, label: r.name }))}
      optionFilterProp="label"
      onChange={(ids: number[]) => {
        setValue(ids);
        onChange(ids);
      }}
      data-testid="user-roles-select"
    />
  );
}

async function openRoles(row: Row, page: PageContextApi) {
  const { modal, t } = page;
  if (!modal || !t) return;
  const [roles, current] = await Promise.all([selectRows<RoleOption>('sys_role', { page: 1, row: 99999, wheres: { isdelete: 0 } }), fetchUserRoles(Number(row.id))]);
  let chosen = current;
  void modal.confirm({
    title: t('pages.user.rolesOf', { name: String(row.name ?? row.loginid) }),
    icon: null,
    width: 520,
    content: <RolePicker roles={roles.rows} initial={current} onChange={(ids) => (chosen = ids)} t={t} />,
    okText: t('forms.save'),
    cancelText: t('crud.cancel'),
    onOk: async () => {
      await saveUserRoles(Number(row.id), chosen);
      page.reload();
    },
  });
}

function openReset(row: Row, page: PageContextApi) {
  const { modal, t } = page;
  if (!modal || !t) return;
  void modal.confirm({
    title: t('pages.user.resetTitle'),
    content: t('pages.user.resetConfirm', { name: String(row.name ?? row.loginid) }),
    okText: t('crud.ok'),
    cancelText: t('crud.cancel'),
    onOk: async () => {
      const password = await resetPassword(Number(row.id));
      void modal.warning({
        title: t('pages.user.passwordTitle'),
        content: (
          <Typography.Paragraph copyable={{ text: password, tooltips: [t('pages.user.passwordCopy'), t('crud.ok')] }} data-testid="reset-password">
            {t('pages.user.passwordNotice', { password })}
          </Typography.Paragraph>
        ),
        okText: t('crud.ok'),
      });
    },
  });
}

/** 分配角色 and 重置密码 on each account (administrators: docs/permissions.md). */
export const accountRowButtons: RowButton[] = [
  { key: 'roles', labelKey: 'pages.user.assignRoles', adminOnly: true, onClick: (row, page) => void openRoles(row, page) },
  { key: 'reset', labelKey: 'pages.user.resetPassword', adminOnly: true, onClick: (row, page) => openReset(row, page) },
];
