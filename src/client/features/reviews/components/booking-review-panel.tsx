import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { StarRating } from '@/client/components/ui/star-rating';
import { useBookingReviews } from '../api/get-booking-reviews';
import { WriteReviewDialog } from './write-review-dialog';

/**
 * Under an ended booking in the profile's lists, while its review window is open: "Write a review"
 * (or the viewer's own rating once written), and whether the other side has reviewed; their review
 * itself once published (docs/decisions/028-reviews.md).
 * @param about who or what the viewer reviews: the space for the renter, the renter for the owner
 */
export function BookingReviewPanel({ bookingId, about }: { bookingId: string; about: string }) {
  const reviews = useBookingReviews(bookingId);
  const [open, setOpen] = useState(false);
  if (!reviews.data) return null;
  const { mine, theirs, theirsWritten, canReview, side } = reviews.data;
  const other = side === 'renter' ? 'The owner' : 'The renter';
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-2 text-sm text-slate-700"
      data-testid="booking-review"
    >
      {mine ? (
        <span className="inline-flex items-center gap-1.5">
          Your review: <StarRating value={mine.rating} />
        </span>
      ) : canReview ? (
        <Button size="sm" onClick={() => setOpen(true)}>
          Write a review
        </Button>
      ) : null}
      <span data-testid="other-side-review">
        {theirs
          ? `${other} rated you ${theirs.rating} of 5: “${theirs.comment}”`
          : theirsWritten
            ? `${other} has reviewed this booking; you will see it once you have written yours or the window closes.`
            : `${other} has not reviewed yet.`}
      </span>
      {canReview ? <WriteReviewDialog open={open} onOpenChange={setOpen} bookingId={bookingId} about={about} /> : null}
    </div>
  );
}
