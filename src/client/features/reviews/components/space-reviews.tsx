import { LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { Review } from '@/shared/schemas/reviews';
import { Button } from '@/client/components/ui/button';
import { RatingSummary, StarRating } from '@/client/components/ui/star-rating';
import { useSpaceReviews } from '../api/get-space-reviews';
import { reviewMonth } from '../lib/review-month';

// The reply form (react-hook-form and its schema resolver) loads when the owner presses "Reply":
// visitors, who never see it, do not download it (docs/decisions/007-a-light-first-page.md).
const ReviewReplyForm = lazy(() => import('./review-reply-form').then((module) => ({ default: module.ReviewReplyForm })));

/**
 * The space page's reviews (docs/product.md#reviews): the average and count, then each published
 * review newest first with the reviewer's first name and month, its rating, comment and the owner's
 * reply; the owner (`isOwner`) may reply once to each. "Show more reviews" pages on.
 * `reviewActions` adds what the page offers under each review (its Report button).
 */
export function SpaceReviews({
  spaceId,
  isOwner,
  reviewActions,
}: {
  spaceId: string;
  isOwner: boolean;
  reviewActions?: (review: Review) => ReactNode;
}) {
  const reviews = useSpaceReviews(spaceId);
  const first = reviews.data?.pages[0];
  const all = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="grid gap-4 border-t border-slate-200 pt-6"
      data-testid="space-reviews"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-heading" className="text-xl font-semibold text-slate-900">
          Reviews
        </h2>
        {first?.rating ? <RatingSummary rating={first.rating} /> : null}
      </div>
      {reviews.isPending ? (
        <p className="text-slate-600">Loading reviews…</p>
      ) : reviews.isError ? (
        <p className="text-slate-600">Could not load the reviews. Please try again later.</p>
      ) : all.length === 0 ? (
        <p className="text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="grid gap-5">
          {all.map((review) => (
            <li key={review.id} className="grid gap-1.5" data-testid="space-review">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">{review.reviewerFirstName}</span>
                <span className="text-sm text-slate-600">{reviewMonth(review.createdAt)}</span>
                <StarRating value={review.rating} />
              </div>
              <p className="whitespace-pre-line text-slate-700">{review.comment}</p>
              {review.reply ? (
                <div className="ml-4 border-l-2 border-slate-200 pl-3 text-sm text-slate-700">
                  <p className="font-medium text-slate-900">Response from the owner</p>
                  <p className="whitespace-pre-line">{review.reply}</p>
                </div>
              ) : isOwner ? (
                <ReplyForm spaceId={spaceId} review={review} />
              ) : null}
              {reviewActions?.(review)}
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage ? (
        <Button variant="outline" className="w-fit" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Show more reviews
        </Button>
      ) : null}
    </section>
  );
}

/** The owner's one public reply to a review, behind a "Reply" button. */
function ReplyForm({ spaceId, review }: { spaceId: string; review: Review }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  return (
    <Suspense fallback={<LoaderCircle className="ml-4 size-5 animate-spin text-slate-500" aria-label="Loading the reply form" />}>
      <ReviewReplyForm spaceId={spaceId} review={review} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}
