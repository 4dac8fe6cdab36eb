import { QueryClient } from '@tanstack/react-query';
import { fetchUserInfo } from '../api/auth.ts';
import { fetchMenu } from '../api/system.ts';

/** Errors are already shown by the API client, so a failed query is not retried (it would toast again). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

export const queryKeys = {
  menu: ['menu'] as const,
  userInfo: ['userInfo'] as const,
  dashboard: ['dashboard'] as const,
};

/** The menu rows, fresh for 5 minutes (a change of them is refetched by the page that made it): one query everywhere. */
export const menuQuery = { queryKey: queryKeys.menu, queryFn: fetchMenu, staleTime: 5 * 60_000 };

/** The signed-in account (its grants, whether it must change its password). */
export const userInfoQuery = { queryKey: queryKeys.userInfo, queryFn: fetchUserInfo };
