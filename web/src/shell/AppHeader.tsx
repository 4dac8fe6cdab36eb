import { useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
  DownOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/auth.ts';
import { clearToken } from '../api/token.ts';
import { LANGUAGES, setLanguage, type Language } from '../i18n/index.ts';
import { PasswordDialog } from './PasswordDialog.tsx';
import { usePasswordDialog } from '../app/stores.ts';
import { useUserInfo } from '../app/shellData.ts';

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle, supported: typeof document !== 'undefined' && !!document.fullscreenEnabled };
}

export function AppHeader({ collapsed, onToggleCollapsed }: { collapsed: boolean; onToggleCollapsed(): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fullscreen = useFullscreen();
  const user = useUserInfo();
  const passwordDialog = usePasswordDialog();
  const name = user.data?.name || user.data?.loginid || t('shell.userFallback');

  const logOut = async () => {
    try {
      await logout();
    } catch {
      // the token is dropped here whatever the server says; the login page is where the person wanted to go
    }
    clearToken();
    void navigate('/user', { replace: true });
  };
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/manage/profile');
    else if (key === 'password') passwordDialog.setOpen(true);
    else if (key === 'logout') void logOut();
  };

  return (
    <header className="qb-header">
      <Button
        type="text"
        className="qb-header-btn"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleCollapsed}
        aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
        data-testid="collapse-toggle"
      />
      <div className="qb-header-spacer" />
      {fullscreen.supported && (
        <Tooltip title={fullscreen.on ? t('shell.exitFullscreen') : t('shell.fullscreen')}>
          <Button
            type="text"
            className="qb-header-btn"
            icon={fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={fullscreen.toggle}
            aria-label={fullscreen.on ? t('shell.exitFullscreen') : t('shell.fullscreen')}
            data-testid="fullscreen-toggle"
          />
        </Tooltip>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`), 'data-testid': `lang-${lang}` })),
          selectable: true,
          selectedKeys: [i18n.language],
          onClick: ({ key }) => void setLanguage(key as Language),
        }}
      >
        <Button
          type="text"
          className="qb-header-btn"
          icon={<GlobalOutlined />}
          aria-label={t('shell.languageCurrent', { name: t(`language.${i18n.language}`) })}
          data-testid="language-switch"
        >
          <span className="qb-header-label">{t(`language.${i18n.language}`)}</span>
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('shell.profile') },
            { key: 'password', icon: <KeyOutlined />, label: t('shell.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
          ],
          onClick: onUserMenu,
        }}
      >
        <button type="button" className="qb-user" data-testid="user-menu">
          <Avatar size={28} src={user.data?.photo || undefined} icon={<UserOutlined />} />
          <span className="qb-header-label" data-testid="user-name">
            {name}
          </span>
          <DownOutlined style={{ fontSize: 10, opacity: 0.6 }} />
        </button>
      </Dropdown>
      <PasswordDialog open={passwordDialog.open} onClose={() => passwordDialog.setOpen(false)} />
    </header>
  );
}
