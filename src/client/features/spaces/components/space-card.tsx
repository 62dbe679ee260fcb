import { countOf, PEOPLE } from '@/shared/text';
import { MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { spaceCardImageUrl } from '@/shared/images';
import type { SpaceCard as SpaceCardData } from '@/shared/schemas/spaces';
import { Badge } from '@/client/components/ui/badge';
import { Skeleton } from '@/client/components/ui/skeleton';
import { RatingSummary } from '@/client/components/ui/star-rating';
import { cn } from '@/client/lib/cn';
import { formatAmount, periodSuffix } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { SpaceImage } from './space-image';

/**
 * A space in a results grid: image, type, title, place, price and capacity;
 * the whole card links to the space. `from` (the search page's own URL) rides
 * in the history entry, so the space's 'Back to Search' returns to it.
 * `action` (e.g. the favourite heart) sits on the image's corner, outside the link;
 * `footer` (e.g. an owner's Edit and Delete) sits under the card, outside the link too.
 * `priority` marks the card whose image is likely the page's largest paint (the
 * first result): it loads at once, first, instead of lazily.
 */
export function SpaceCard({
  space,
  from,
  action,
  footer,
  priority = false,
}: {
  space: SpaceCardData;
  from?: string;
  action?: ReactNode;
  footer?: ReactNode;
  priority?: boolean;
}) {
  return (
    <div className={cn('relative h-full', footer && 'flex flex-col')}>
      <Link
        href={paths.space(space.id)}
        state={from ? { from } : undefined}
        data-testid="space-card"
        className={cn(
          'group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          footer && 'h-auto flex-1 rounded-b-none hover:translate-y-0',
        )}
      >
        <div className="relative aspect-[4/3] bg-slate-100">
          <SpaceImage
            src={spaceCardImageUrl(space.images)}
            alt={space.title}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
          <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
            {space.spaceType}
          </Badge>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 className="line-clamp-2 text-base font-semibold text-slate-900 group-hover:text-primary">{space.title}</h3>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {space.city}, {space.state}
          </p>
          <RatingSummary rating={space.rating ?? null} />
          <div className="mt-auto flex items-end justify-between gap-2 pt-2">
            <p className="text-slate-900">
              <span className="text-lg font-bold">{formatAmount(space.pricePerDay)}</span>
              <span className="text-sm text-slate-600">{periodSuffix(space.pricePeriod)}</span>
            </p>
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <Users className="size-4" aria-hidden="true" />
              {countOf(space.capacity, PEOPLE)}
            </p>
          </div>
        </div>
      </Link>
      {footer ? <div className="rounded-b-xl border border-t-0 border-slate-200 bg-white p-3 shadow-sm">{footer}</div> : null}
      {action ? <div className="absolute top-2 right-2">{action}</div> : null}
    </div>
  );
}

/** A grid of card placeholders while a list of spaces loads. */
export function SpaceCardGridSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, key) => (
        <SpaceCardSkeleton key={key} />
      ))}
    </div>
  );
}

export function SpaceCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-6 w-1/3" />
      </div>
    </div>
  );
}
