import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { configureClient } from '../api/client.ts';
import { getToken } from '../api/token.ts';
import { FullPageSpin } from './FullPageSpin.tsx';
import LoginPage from './LoginPage.tsx';

// the shell and everything behind login load after it, so /user/login stays small
const ManageLayout = lazy(() => import('./ManageLayout.tsx'));

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
              <Suspense fallback={<FullPageSpin />}>
                <ManageLayout />
              </Suspense>
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
