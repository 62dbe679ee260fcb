/**
 * Paths of the API's GET calls, built one way by the client's query hooks and
 * by the server's page routes, which embed a page's first answers under the
 * path of the call they answer (src/shared/embedded-answers.ts).
 */
import { withQuery } from './query-string';
import type { SpaceFilters } from './space-filters';

/** GET /api/spaces/:id. */
export function spacePath(id: string): string {
  return `/api/spaces/${encodeURIComponent(id)}`;
}

/** GET /api/spaces/:id/reviews: a page of the space's published reviews (the first page: no query). */
export function spaceReviewsPath(id: string, page?: { limit?: number; offset?: number }): string {
  return withQuery(`/api/spaces/${encodeURIComponent(id)}/reviews`, { ...page });
}

/** GET /api/spaces's query: the filters plus an owner and a page (`limit`, `offset` or the `after` cursor). */
export type SpacesQuery = SpaceFilters & { ownerId?: string; limit?: number; offset?: number; after?: string };

/** GET /api/spaces for `query`: its values in their order, empty ones left out. */
export function spacesPath(query: SpacesQuery): string {
  return withQuery('/api/spaces', { ...query });
}

/** The first page of results for `filters`, `pageSize` at a time: the call /search makes first. */
export function firstResultsPath(filters: SpaceFilters, pageSize: number): string {
  return spacesPath({ ...filters, limit: pageSize });
}

/** GET /api/users/:id/insurance-certificate (the current certificate's details; POST uploads a new one). */
export function insuranceCertificatePath(userId: string): string {
  return `/api/users/${encodeURIComponent(userId)}/insurance-certificate`;
}
