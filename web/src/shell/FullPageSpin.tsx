import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
