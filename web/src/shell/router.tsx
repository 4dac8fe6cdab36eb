import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { configureClient } from '../api/client.ts';
import { getToken } from '../api/token.ts';
import { earlyPageSettled } from './earlyStart.ts';
import { FullPageSpin } from './FullPageSpin.tsx';
import LoginPage from './LoginPage.tsx';

// the shell and everything behind login load after it, so /user/login stays small
let ManageLayout: ComponentType | undefined;
let shellLoad: Promise<void> | undefined;
/** How long the shell, once its code is here, waits for the page the early start is opening (shell/earlyStart.ts). */
const PAGE_WAIT_MS = 1000;
const loadShell = () =>
  (shellLoad ??= Promise.all([
    import('./ManageLayout.tsx'),
    // shell and page in one render; a page that takes longer shows its own spinner in the shell
    Promise.race([earlyPageSettled(), new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]),
  ]).then(
    ([m]) => void (ManageLayout = m.default),
    (error: unknown) => {
      shellLoad = undefined; // a reload of the page tries again
      throw error;
    },
  ));

/**
 * The shell once its code is here, a spinner until then. Not React.lazy: content that replaces a Suspense fallback
 * is held back until the fallback has been on screen for 300 ms (React's anti-flicker throttle), which delayed
 * every typed URL and reload of a page (the same reason as shell/pageLoader.ts). A failed load goes to the error
 * boundary, as lazy's did.
 */
function ShellHost() {
  const [, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!ManageLayout)
      loadShell().then(
        () => setLoaded(true),
        (e: unknown) => setError(e ?? new Error('shell failed to load')),
      );
  }, []);
  if (error) throw error;
  return ManageLayout ? <ManageLayout /> : <FullPageSpin />;
}

/** /manage without a token goes straight to the login page (no server round trip, no error toast). */
function RequireSession({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to="/user" replace />;
}

/** Gives the API client the router's navigate for the session-expiry redirect. */
function SessionRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    configureClient({ redirectToLogin: () => void navigate('/user', { replace: true }) });
  }, [navigate]);
  return null;
}

/** The top-level routes (SPEC.md §2); the pages under /manage are listed in pages/manageRoutes.ts. */
export function AppRoutes() {
  return (
    <>
      <SessionRedirect />
      <Routes>
        <Route path="/" element={<Navigate to="/manage" replace />} />
        <Route path="/user" element={<LoginPage />} />
        <Route path="/user/login" element={<LoginPage />} />
        <Route
          path="/manage/*"
          element={
            <RequireSession>
              <ShellHost />
            </RequireSession>
          }
        />
        <Route path="*" element={<Navigate to="/manage" replace />} />
      </Routes>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
