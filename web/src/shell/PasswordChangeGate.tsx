import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../api/auth.ts';
import { configureClient } from '../api/client.ts';
import { clearToken } from '../api/token.ts';
import { PasswordDialog } from './PasswordDialog.tsx';
import { queryKeys } from '../app/queryClient.ts';
import { useUserInfo } from '../app/shellData.ts';

/**
 * An account whose password an administrator set (a new account, a reset) changes it before anything else: the server
 * answers every other call with 403 PASSWORD_CHANGE_REQUIRED, and here the shell gives way to the password dialog
 * (no cancel; logging out is the way out). Once changed, the account info is read again and the shell opens.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    // a call refused for it (the account info not read yet, after a reload) reads the account info again
    configureClient({ passwordChangeRequired: () => void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }) });
  }, [queryClient]);
  if (!user.data?.mustChangePassword) return children;
  const leave = async () => {
    try {
      await logout();
    } catch {
      // the token is dropped here whatever the server says
    }
    clearToken();
    queryClient.clear();
    void navigate('/user', { replace: true });
  };
  return (
    <main className="qb-forced-password" aria-label={user.data.name || user.data.loginid}>
      <PasswordDialog
        open
        loginid={user.data.loginid}
        forced={{ onLogout: () => void leave() }}
        onClose={() => void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo })}
      />
    </main>
  );
}
