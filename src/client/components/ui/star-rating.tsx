import { Star } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/** Five stars, `value` of them filled (rounded to the nearest half is not shown: whole stars), with a text label for screen readers. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${value} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          className={cn('size-4', index < filled ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

/** An average rating to one decimal and its count ("4.7 (12 reviews)"), or nothing without reviews. */
export function RatingSummary({ rating, className }: { rating: { average: number; count: number } | null; className?: string }) {
  if (!rating) return null;
  const average = rating.average.toFixed(1);
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm text-slate-700', className)} data-testid="rating-summary">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-semibold text-slate-900">{average}</span>
      <span>
        ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
