import type { DashboardSummary } from '@qb/contracts';
import { call } from './client.ts';

export async function fetchDashboardSummary(): Promise<DashboardSummary> {
  const answer = await call('dashboard');
  return answer.data as DashboardSummary;
}
