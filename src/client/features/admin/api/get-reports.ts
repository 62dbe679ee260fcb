import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportQueuePage } from '@/shared/schemas/reports';
import { api } from '@/client/lib/api-client';

/** The key every page of the reports queue starts with (resolving or acting on a report refreshes them). */
export const reportQueueQueryKey = ['admin', 'reports'] as const;

export type ReportQueueStatus = 'open' | 'resolved' | 'all';

/** GET /api/admin/reports?status=&page=: a page of the queue with the reported content. */
export function getReportQueue(status: ReportQueueStatus, page: number, signal?: AbortSignal): Promise<ReportQueuePage> {
  return api.get<ReportQueuePage>(`/api/admin/reports?status=${status}&page=${page}`, { signal });
}

export function getReportQueueQueryOptions(status: ReportQueueStatus, page: number) {
  return queryOptions({ queryKey: [...reportQueueQueryKey, status, page], queryFn: ({ signal }) => getReportQueue(status, page, signal) });
}

export function useReportQueue(status: ReportQueueStatus, page: number) {
  return useQuery({ ...getReportQueueQueryOptions(status, page), placeholderData: keepPreviousData });
}
