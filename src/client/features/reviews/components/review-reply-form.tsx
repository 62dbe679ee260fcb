import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { reviewReplySchema, type Review, type ReviewReplyInput } from '@/shared/schemas/reviews';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useReplyToReview } from '../api/reply-to-review';

/**
 * The owner's one public reply to a review (docs/product.md#reviews), opened by the "Reply" button
 * of the space page's reviews; "Cancel" calls `onCancel`.
 */
export function ReviewReplyForm({ spaceId, review, onCancel }: { spaceId: string; review: Review; onCancel: () => void }) {
  const form = useForm<ReviewReplyInput>({ resolver: zodResolver(reviewReplySchema), defaultValues: { reply: '' } });
  const reply = useReplyToReview(spaceId);
  const id = `reply-${review.id}`;
  const error = form.formState.errors.reply?.message;
  return (
    <form
      noValidate
      className="ml-4 grid gap-2"
      onSubmit={form.handleSubmit((values) =>
        reply.mutate(
          { reviewId: review.id, reply: values.reply },
          {
            onSuccess: () => toast({ title: 'Reply posted' }),
            onError: (failure) =>
              toast({
                variant: 'destructive',
                title: 'Could not post the reply',
                description: (isApiError(failure, 409, 400, 403) ? failure.serverMessage : undefined) ?? 'Please try again later.',
              }),
          },
        ),
      )}
    >
      <FormField id={id} label={`Your public reply to ${review.reviewerFirstName}`} error={error}>
        <Textarea rows={3} {...fieldAria(id, error)} {...form.register('reply')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          Post reply
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
