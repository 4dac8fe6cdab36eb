import { Button, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionRow } from '@qb/contracts';
import { endSession, fetchSessions } from '../../api/index.ts';
import { useToast } from '../../app/toast.ts';
import './system.css';

/** 在线用户: the live sessions, newest activity first, each but one's own ended by 强制下线. */
export default function OnlineSessionsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['onlineSessions'], queryFn: fetchSessions });

  const end = (row: SessionRow) =>
    modal.confirm({
      title: t('sessions.endTitle'),
      content: t('sessions.endConfirm', { name: row.name, loginid: row.loginid }),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await endSession(row.id);
        toast.success(t('sessions.ended'));
        await queryClient.invalidateQueries({ queryKey: ['onlineSessions'] });
      },
    });

  const columns: ColumnsType<SessionRow> = [
    { title: t('sessions.account'), dataIndex: 'loginid', width: 160 },
    {
      title: t('sessions.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) => (
        <>
          {name} {row.current && <Tag color="blue">{t('sessions.current')}</Tag>}
        </>
      ),
    },
    { title: t('sessions.signedIn'), dataIndex: 'createTime', width: 180 },
    { title: t('sessions.lastSeen'), dataIndex: 'lastSeen', width: 180 },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Button size="small" danger disabled={row.current} onClick={() => end(row)} data-testid={`end-session-${row.id}`}>
          {t('sessions.end')}
        </Button>
      ),
    },
  ];

  return (
    <div className="qb-panel" data-testid="online-sessions-page">
      {modalHolder}
      <div className="qb-permission-bar">
        <h2 className="qb-permission-heading">{t('sessions.title', { count: sessions.data?.length ?? 0 })}</h2>
        <Button onClick={() => void sessions.refetch()}>{t('crud.refresh')}</Button>
      </div>
      <Table<SessionRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sessions.data ?? []}
        loading={sessions.isLoading}
        pagination={{ pageSize: 20 }}
      />
    </div>
  );
}
