/** The search filters, shared with the server: see src/shared/space-filters.ts. */
export { FILTER_AMENITIES, FILTER_EQUIPMENT, hasActiveFilters, parseSpaceFilters, serializeSpaceFilters, type SpaceFilters } from '@/shared/space-filters';
