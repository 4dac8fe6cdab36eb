import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="qb-panel" data-testid="not-found">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description', { path })}
        extra={
          <Button type="primary" onClick={() => navigate('/manage/home')}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
