import { QueryClient } from '@tanstack/react-query';

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

/** The menu rows stay fresh this long (a change of them is refetched by the page that made it). */
export const MENU_STALE_MS = 5 * 60_000;
