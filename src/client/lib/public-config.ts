import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@/shared/schemas/config';
import { api } from './api-client';

/** GET /api/config: payments mode, Stripe publishable key and map tile URL (the browser's public subset). */
export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config');
}

export function getPublicConfigQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: getPublicConfig });
}

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
