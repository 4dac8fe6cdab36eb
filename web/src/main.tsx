import './i18n/index.ts';
// antd's styles for the app's theme, made by the build (vite.config.ts antdStylesheet)
import 'virtual:antd.css';
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
