import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxPage } from '@/shared/schemas/reports';
import { api } from '@/client/lib/api-client';

/** GET /api/admin/contact-messages?page=: the contact form's messages, newest first. */
export function getInbox(page: number, signal?: AbortSignal): Promise<InboxPage> {
  return api.get<InboxPage>(`/api/admin/contact-messages?page=${page}`, { signal });
}

export function getInboxQueryOptions(page: number) {
  return queryOptions({ queryKey: ['admin', 'contact-messages', page], queryFn: ({ signal }) => getInbox(page, signal) });
}

export function useInbox(page: number) {
  return useQuery({ ...getInboxQueryOptions(page), placeholderData: keepPreviousData });
}
