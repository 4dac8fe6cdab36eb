import './i18n/index.ts';
// antd's styles for the app's theme, made by the build (vite.config.ts antdStylesheet)
import 'virtual:antd.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './shell/AppProviders.tsx';
import { startManageEarly } from './shell/earlyStart.ts';
import { AppRouter, shellReady } from './shell/router.tsx';

/**
 * How long a typed URL of a /manage page waits for the shell and the page (shell/router.tsx shellReady) before React's
 * first render. Sooner, React rendered a spinner first, and that render and its frame (style, layout and paint with the
 * whole stylesheet) took the main thread while the page's code and first rows were still being asked for; past this,
 * the spinner shows while the rest loads, as before (issue 31).
 */
const FIRST_RENDER_WAIT_MS = 300;

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );

if (startManageEarly(window.location.pathname))
  void Promise.race([shellReady(), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);
else render();
