import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, ResolveReportInput } from '@/shared/schemas/reports';
import { api } from '@/client/lib/api-client';
import { reportQueueQueryKey } from './get-reports';
import { refreshConsole } from './use-console-action';

/** POST /api/admin/reports/:id/resolve: records what was done (and its audit record). */
export function resolveReport({ id, ...body }: { id: string } & ResolveReportInput): Promise<AdminReport> {
  return api.post<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, body);
}

/** Resolving refreshes the queue and the rest of the console (the audit log). */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reportQueueQueryKey }), refreshConsole(queryClient)]),
  });
}
