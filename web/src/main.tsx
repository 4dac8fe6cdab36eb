import './i18n/index.ts';
import 'antd/dist/antd.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './shell/AppProviders.tsx';
import { startManageEarly } from './shell/earlyStart.ts';
import { AppRouter } from './shell/router.tsx';

startManageEarly(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
