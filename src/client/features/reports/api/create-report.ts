import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput, ReportReceipt } from '@/shared/schemas/reports';
import { api } from '@/client/lib/api-client';

/** POST /api/reports: reports a listing, a review, a message or a user (at most 10 a day: 429 after). */
export function createReport(input: CreateReportInput): Promise<ReportReceipt> {
  return api.post<ReportReceipt>('/api/reports', input);
}

export const useCreateReport = () => useMutation({ mutationFn: createReport });
