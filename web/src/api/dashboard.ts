import type { DashboardSummary } from '@qb/contracts';
import { request } from './client.ts';

export async function fetchDashboardSummary(): Promise<DashboardSummary> {
  const answer = await request<DashboardSummary>('/api/dashboard/summary/');
  return answer.data as DashboardSummary;
}
