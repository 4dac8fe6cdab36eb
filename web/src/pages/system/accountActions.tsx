import { useState } from 'react';
import { Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { MessageInstance } from 'antd/es/message/interface';
import { fetchUserRoles, resetPassword, saveUserRoles, selectRows } from '../../api/index.ts';
import { SAVE_MESSAGE_SECONDS } from '../../crud/sources.ts';
import { useToast } from '../../app/toast.ts';
import type { PageContextApi, Row, RowButton } from '../../crud/types.ts';

interface RoleOption {
  id: number;
  name: string;
}

/**
 * The account's roles, picked from all live roles; what is chosen when OK is pressed is saved. Rendered inside the
 * page's dialogs, so it hands the app's toasts (theme, language) to the dialog's OK handler.
 */
function RolePicker({
  roles,
  initial,
  onChange,
  toastRef,
  t,
}: {
  roles: RoleOption[];
  initial: number[];
  onChange(ids: number[]): void;
  toastRef: { current?: MessageInstance };
  t: TFunction;
}) {
  toastRef.current = useToast();
  // a role that is no longer there is no tag "5" to save back
  const [value, setValue] = useState(() => initial.filter((id) => roles.some((r) => r.id === id)));
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
  let roles: RoleOption[];
  let current: number[];
  try {
    [{ rows: roles }, current] = await Promise.all([
      selectRows<RoleOption>('sys_role', { page: 1, row: 99999, wheres: { isdelete: 0 } }),
      fetchUserRoles(Number(row.id)),
    ]);
  } catch {
    return; // the API client has said why
  }
  current = current.filter((id) => roles.some((r) => r.id === id));
  let chosen = current;
  const toastRef: { current?: MessageInstance } = {};
  void modal.confirm({
    title: t('pages.user.rolesOf', { name: String(row.name ?? row.loginid) }),
    icon: null,
    width: 520,
    content: <RolePicker roles={roles} initial={current} onChange={(ids) => (chosen = ids)} toastRef={toastRef} t={t} />,
    okText: t('forms.save'),
    cancelText: t('crud.cancel'),
    onOk: async () => {
      try {
        await saveUserRoles(Number(row.id), chosen);
      } catch {
        // the API client has said why; not thrown on, as a rejected OK would be an uncaught error in the console
        return;
      }
      toastRef.current?.success({ content: t('crud.saved'), duration: SAVE_MESSAGE_SECONDS });
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
      let password: string;
      try {
        password = await resetPassword(Number(row.id));
      } catch {
        return; // the API client has said why
      }
      void modal.warning({
        title: t('pages.user.passwordTitle'),
        content: (
          <Typography.Paragraph copyable={{ text: password, tooltips: [t('pages.user.passwordCopy'), t('crud.ok')] }} data-testid="reset-password">
            {t('pages.user.passwordResetNotice', { password, loginid: String(row.loginid ?? row.name ?? '') })}
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
