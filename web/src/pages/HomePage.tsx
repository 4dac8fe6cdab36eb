import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Button, Card, Col, Result, Row, Skeleton, Statistic } from 'antd';
import { BookOutlined, FileTextOutlined, PartitionOutlined, TeamOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DashboardSummary } from '@qb/contracts';
import { fetchDashboardSummary } from '../api/dashboard.ts';
import { queryKeys } from '../app/queryClient.ts';
import { walkMenu } from '../app/menuTree.ts';
import { useMenuTree, useUserInfo } from '../app/shellData.ts';
import './home.css';

// recharts is large; it loads only when the home page shows its chart
const BillFlowChart = lazy(() => import('./BillFlowChart.tsx'));

type CountKey = keyof DashboardSummary['counts'];
const COUNT_CARDS: { key: CountKey; path: string; icon: ReactNode; color: string }[] = [
  { key: 'subjects', path: '/manage/questionsClass', icon: <BookOutlined />, color: '#1677ff' },
  { key: 'categories', path: '/manage/questionsSmallClass', icon: <PartitionOutlined />, color: '#13a8a8' },
  { key: 'questions', path: '/manage/questionBank', icon: <FileTextOutlined />, color: '#722ed1' },
  { key: 'members', path: '/manage/member', icon: <TeamOutlined />, color: '#fa8c16' },
];

export function formatMoney(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const menu = useMenuTree();
  // the figures are for roles granted the home page (docs/permissions.md); everyone lands here
  const homeId = [...walkMenu(menu.tree)].find((n) => n.target.kind === 'route' && n.target.path === '/manage/home')?.id;
  const figures = !user.data || user.data.isAdmin !== false || (homeId !== undefined && (user.data.menuIds ?? []).includes(homeId));
  const summary = useQuery({ queryKey: queryKeys.dashboard, queryFn: fetchDashboardSummary, enabled: figures });
  const data = summary.data;

  const totals = useMemo(() => {
    const flow = data?.billFlow ?? [];
    const income = flow.reduce((sum, d) => sum + Number(d.income || 0), 0);
    const expense = flow.reduce((sum, d) => sum + Number(d.expense || 0), 0);
    return { income, expense, net: income - expense, any: flow.some((d) => Number(d.income) || Number(d.expense)) };
  }, [data]);

  return (
    <div className="qb-home" data-testid="home">
      <div className="qb-home-greeting">
        <h2>{t('home.greeting', { name: user.data?.name || user.data?.loginid || t('shell.userFallback') })}</h2>
        <p>{t('home.subtitle', { date: dayjs().format(i18n.language === 'zh-CN' ? 'YYYY年M月D日 dddd' : 'dddd, MMMM D, YYYY') })}</p>
      </div>
      {!figures ? (
        <Card variant="borderless" data-testid="home-no-figures">
          <p className="qb-home-no-figures">{t('home.noFigures')}</p>
        </Card>
      ) : summary.isError ? (
        <Card variant="borderless">
          <Result status="warning" title={t('home.loadFailed')} extra={<Button onClick={() => void summary.refetch()}>{t('home.retry')}</Button>} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {COUNT_CARDS.map((card) => (
              <Col key={card.key} xs={24} sm={12} xl={6}>
                <Card variant="borderless" className="qb-home-count" hoverable onClick={() => navigate(card.path)} data-testid={`count-${card.key}`}>
                  <div className="qb-home-count-icon" style={{ color: card.color, background: `${card.color}14` }}>
                    {card.icon}
                  </div>
                  <Statistic title={t(`home.${card.key}`)} value={data?.counts[card.key] ?? 0} loading={summary.isPending} />
                  <RightOutlined className="qb-home-count-go" aria-label={t('home.open')} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card variant="borderless" className="qb-home-chart" title={t('home.chartTitle')}>
            <Row gutter={[16, 16]} className="qb-home-totals">
              <Col xs={24} md={8}>
                <Statistic title={t('home.income30')} value={formatMoney(totals.income)} loading={summary.isPending} />
              </Col>
              <Col xs={24} md={8}>
                <Statistic title={t('home.expense30')} value={formatMoney(totals.expense)} loading={summary.isPending} />
              </Col>
              <Col xs={24} md={8}>
                <Statistic title={t('home.net30')} value={formatMoney(totals.net)} loading={summary.isPending} />
              </Col>
            </Row>
            {summary.isPending ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <Suspense fallback={<div className="qb-home-chart-box">{t('home.chartLoading')}</div>}>
                <div className="qb-home-chart-box" data-testid="bill-flow-chart">
                  <BillFlowChart
                    data={data?.billFlow ?? []}
                    incomeLabel={t('home.income')}
                    expenseLabel={t('home.expense')}
                    emptyText={totals.any ? undefined : t('home.noData')}
                  />
                </div>
              </Suspense>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
