import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagePath } from '../shell/pageContext.ts';
import { findManageRoute } from './manageRoutes.ts';

/** Stands in for a page that a later issue builds, so that its route shows a clear state, never a blank screen. */
export default function NotBuiltPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = usePagePath();
  const route = findManageRoute(path);
  const title = route ? t(route.titleKey) : path;
  return (
    <div className="qb-panel" data-testid="not-built">
      <Result
        icon={<ToolOutlined style={{ color: '#1677ff' }} />}
        title={t('notBuilt.title', { title })}
        subTitle={t('notBuilt.description')}
        extra={
          <Button type="primary" onClick={() => navigate('/manage/home')}>
            {t('notBuilt.backHome')}
          </Button>
        }
      />
    </div>
  );
}
