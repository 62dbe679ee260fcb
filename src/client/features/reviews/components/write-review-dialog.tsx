import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createReviewSchema, REVIEW_COMMENT_MAX } from '@/shared/schemas/reviews';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useCreateReview } from '../api/create-review';
import { RatingInput } from './rating-input';

type ReviewFormInput = z.input<typeof createReviewSchema>;
type ReviewFormOutput = z.output<typeof createReviewSchema>;

/**
 * The review form of a stay: a rating of 1 to 5 and a comment (docs/product.md#reviews). Says that the
 * review stays hidden until the other side has written theirs or the window has closed.
 */
export function WriteReviewDialog({
  open,
  onOpenChange,
  bookingId,
  about,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bookingId: string;
  /** Who or what is reviewed, e.g. "Bright Exam Room" or "Taylor". */
  about: string;
}) {
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver: zodResolver(createReviewSchema),
    defaultValues: { comment: '' },
  });
  const { errors } = form.formState;
  const create = useCreateReview(bookingId);

  const onSubmit = (values: ReviewFormOutput) => {
    create.mutate(values, {
      onSuccess: (review) => {
        toast({
          title: 'Review submitted',
          description: review.published
            ? 'Both reviews are now published.'
            : 'It will be published when the other side reviews or the 14 days are over.',
        });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        const message = isApiError(error, 409, 400) ? error.serverMessage : undefined;
        toast({ variant: 'destructive', title: 'Could not submit the review', description: message ?? 'Please try again later.' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write a review</DialogTitle>
          <DialogDescription>
            Rate {about}. Your review stays hidden until both of you have written or the 14-day window closes.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <RatingInput
                name="review-rating"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.rating?.message}
              />
            )}
          />
          <FormField
            id="review-comment"
            label="Comment"
            error={errors.comment?.message}
            hint={`Up to ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters.`}
          >
            <Textarea
              rows={5}
              maxLength={REVIEW_COMMENT_MAX}
              {...fieldAria('review-comment', errors.comment?.message, true)}
              {...form.register('comment')}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Submit review
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
