import { countOf } from '@/shared/text';
import { CircleAlert, LoaderCircle, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SEARCH_SKELETON_COUNT } from '@/shared/constants';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { useInfiniteSpaces } from '@/client/features/spaces/api/get-spaces';
import { useAuth } from '@/client/lib/auth';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { SpaceCard, SpaceCardSkeleton } from '@/client/features/spaces/components/space-card';
import { SearchResultsMap } from '@/client/features/spaces/components/map/search-results-map';
import { SpaceFiltersPanel } from '@/client/features/spaces/components/space-filters-panel';
import { SpaceSearchForm } from '@/client/features/spaces/components/space-search-form';
import { hasActiveFilters, parseSpaceFilters, serializeSpaceFilters, type SpaceFilters } from '@/shared/space-filters';
import { paths } from '@/client/lib/paths';
import { ARRIVAL_FOCUS, focusOnArrival } from '@/client/lib/route-focus';

/** /search: the filters live in the URL, so back, forward and shared links keep them. */
export function SearchPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseSpaceFilters(new URLSearchParams(search)), [search]);
  const results = useInfiniteSpaces(filters);
  const { user } = useAuth();

  const setFilters = (next: SpaceFilters, options?: { replace?: boolean; state?: unknown }) =>
    navigate(paths.search(serializeSpaceFilters(next)), options);

  const spaces = results.data?.pages.flatMap((page) => page.spaces) ?? [];
  const first = results.data?.pages[0];
  // '{n} spaces found' (docs/product.md#search), with an honest '1,000+' when the server stopped counting.
  const total = first?.total ?? 0;
  const found = countOf(total, { one: 'space', other: 'spaces' }, `${total.toLocaleString('en-US')}${first && !first.exact ? '+' : ''}`);
  const loading = results.isPending;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageMeta
        title={filters.location ? `Medical spaces in ${filters.location} | ClinicShare` : 'Search medical spaces | ClinicShare'}
        description="Browse medical office spaces, exam rooms and clinical facilities for rent by the hour, day or month."
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Find medical space</h1>
      <SpaceSearchForm
        key={filters.location ?? ''}
        variant="compact"
        className="mt-4"
        defaultValues={{ location: filters.location }}
        // A search moves focus to its results' count; a filter leaves it on the filter.
        onSearch={(values) => setFilters({ ...filters, location: values.location }, { state: focusOnArrival(ARRIVAL_FOCUS.results) })}
      />

      <div className="mt-6 grid gap-6 md:grid-cols-[17rem_1fr] md:items-start">
        <SpaceFiltersPanel filters={filters} onChange={setFilters} className="md:sticky md:top-20" />

        <SearchResultsMap filters={filters} onSearchArea={(bbox) => setFilters({ ...filters, bbox })}>
          <section aria-labelledby={ARRIVAL_FOCUS.results} aria-busy={loading}>
            <h2 id={ARRIVAL_FOCUS.results} className="mb-4 text-base font-medium text-slate-700" aria-live="polite">
              {loading ? 'Searching...' : results.isError ? 'No results' : `${found} found`}
            </h2>

            {loading ? (
              <div className="grid gap-6 sm:grid-cols-2">
                {Array.from({ length: SEARCH_SKELETON_COUNT }, (_, index) => (
                  <SpaceCardSkeleton key={index} />
                ))}
              </div>
            ) : results.isError ? (
              <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
                <CircleAlert className="mx-auto size-10 text-red-700" aria-hidden="true" />
                <p className="mt-3 text-lg font-semibold text-red-900">Error Loading Spaces</p>
                <p className="mt-1 text-red-800">We&apos;re having trouble loading the medical spaces. Please try again later.</p>
              </div>
            ) : spaces.length === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
                <SearchX className="mx-auto size-10 text-slate-500" aria-hidden="true" />
                <p className="mt-3 text-lg font-semibold text-slate-900">No spaces found</p>
                <p className="mt-1 text-slate-600">Try a different location or fewer filters.</p>
                {hasActiveFilters(filters) ? (
                  <Button variant="outline" className="mt-4" onClick={() => setFilters({})}>
                    Clear filters
                  </Button>
                ) : null}
              </div>
            ) : (
              <>
                <ul className="grid gap-6 sm:grid-cols-2">
                  {spaces.map((space, index) => (
                    <li key={space.id}>
                      <SpaceCard
                        space={space}
                        priority={index === 0}
                        from={paths.search(serializeSpaceFilters(filters))}
                        action={user ? <FavoriteButton userId={user.id} spaceId={space.id} spaceTitle={space.title} /> : undefined}
                      />
                    </li>
                  ))}
                </ul>
                {results.hasNextPage ? (
                  <div className="mt-8 flex justify-center">
                    <Button variant="outline" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
                      {results.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                      Load more
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        </SearchResultsMap>
      </div>
    </div>
  );
}
