import { Avatar, Button, Descriptions, Skeleton, Tag } from 'antd';
import { KeyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { usePasswordDialog } from '../app/stores.ts';
import { useUserInfo } from '../app/shellData.ts';

/** 基本资料: the logged-in account's own data (read-only; accounts are edited in user management). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const openPassword = usePasswordDialog((s) => s.setOpen);
  const info = user.data;
  const empty = <span style={{ color: 'var(--qb-text-tertiary)' }}>{t('profile.empty')}</span>;

  return (
    <div className="qb-panel" data-testid="profile">
      {!info ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
            <Avatar size={64} src={info.photo || undefined} icon={<UserOutlined />} />
            <div style={{ flex: 1 }}>
              <div style={{ fontSize: 20, fontWeight: 600 }}>{info.name || info.loginid}</div>
              <div style={{ color: 'var(--qb-text-tertiary)' }}>{info.loginid}</div>
            </div>
            <Button icon={<KeyOutlined />} onClick={() => openPassword(true)}>
              {t('profile.changePassword')}
            </Button>
          </div>
          <Descriptions
            bordered
            column={{ xs: 1, md: 2 }}
            title={t('profile.title')}
            items={[
              { key: 'loginid', label: t('profile.loginid'), children: info.loginid },
              { key: 'name', label: t('profile.name'), children: info.name || empty },
              { key: 'sex', label: t('profile.sex'), children: t(`profile.sex${[1, 2].includes(Number(info.sex)) ? Number(info.sex) : 0}`) },
              {
                key: 'state',
                label: t('profile.state'),
                children: Number(info.state) === 1 ? <Tag color="success">{t('profile.state1')}</Tag> : <Tag>{t('profile.state0')}</Tag>,
              },
              {
                key: 'createTime',
                label: t('profile.createTime'),
                children: info.createTime ? dayjs(info.createTime).format('YYYY-MM-DD HH:mm') : empty,
              },
              {
                key: 'roles',
                label: t('profile.roles'),
                children: info.roleNames?.length ? info.roleNames.map((name, i) => <Tag key={i}>{name}</Tag>) : empty,
              },
              { key: 'intro', label: t('profile.intro'), span: 2, children: info.intro || empty },
            ]}
          />
        </>
      )}
    </div>
  );
}
