import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { blockedDateSchema } from '@/shared/schemas/schedules';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useBlockDates } from '../api/block-dates';
import { rangeLabel } from '../lib/range-label';

/** The space choice that blocks the dates on every one of the owner's spaces. */
export const ALL_SPACES = 'all';

/** The dialog's form: the space (or all) beside the blocked range, checked by the range's own schema (`blockedDateSchema`). */
const blockFormSchema = z
  .object({ spaceId: z.string().min(1, 'Choose a space'), start: z.string(), end: z.string(), note: z.string() })
  .superRefine(({ start, end, note }, ctx) => {
    const range = blockedDateSchema.safeParse({ start, end, note });
    for (const issue of range.success ? [] : range.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
type BlockForm = z.infer<typeof blockFormSchema>;

export interface BlockDatesRequest {
  start: string;
  end: string;
  spaceId: string;
}

/**
 * "Block Dec 24 – Dec 26": confirms blocking the dates chosen on the calendar (or typed in, for
 * those who cannot drag) on one space or all of them, with an optional private note. Bookings in
 * those dates are kept; the toast says how many there are.
 */
export function BlockDatesDialog({
  userId,
  spaces,
  request,
  onClose,
}: {
  userId: string;
  spaces: readonly { id: string; title: string }[];
  /** The dates and space to start from; null: closed. */
  request: BlockDatesRequest | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {request ? (
          <BlockDatesForm key={`${request.start}-${request.end}`} userId={userId} spaces={spaces} request={request} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function BlockDatesForm({
  userId,
  spaces,
  request,
  onDone,
}: {
  userId: string;
  spaces: readonly { id: string; title: string }[];
  request: BlockDatesRequest;
  onDone: () => void;
}) {
  const block = useBlockDates(userId);
  const form = useForm<BlockForm>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: { spaceId: request.spaceId, start: request.start, end: request.end, note: '' },
  });
  const [start, end] = useWatch({ control: form.control, name: ['start', 'end'] });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ spaceId, start, end, note }) => {
    const spaceIds = spaceId === ALL_SPACES ? spaces.map((space) => space.id) : [spaceId];
    try {
      const created = await block.mutateAsync({ spaceIds, range: { start, end, note: note || undefined } });
      const inside = created.reduce((sum, range) => sum + range.bookingsInside, 0);
      toast({
        title: 'Dates blocked',
        description:
          inside > 0
            ? `${inside} ${inside === 1 ? 'booking falls' : 'bookings fall'} in these dates and ${inside === 1 ? 'is' : 'are'} kept: message the renter if the space will be closed.`
            : `${rangeLabel(start, end)} can no longer be booked.`,
      });
      onDone();
    } catch (error) {
      form.setError('root', {
        message: isApiError(error) ? error.message : 'Could not block these dates. Please try again.',
      });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Block {rangeLabel(start, end)}</DialogTitle>
        <DialogDescription>Blocked dates cannot be booked. Existing bookings in them are kept.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="block-start" label="From" error={errors.start?.message}>
          <Input type="date" {...fieldAria('block-start', errors.start?.message)} {...form.register('start')} />
        </FormField>
        <FormField id="block-end" label="To (inclusive)" error={errors.end?.message}>
          <Input type="date" {...fieldAria('block-end', errors.end?.message)} {...form.register('end')} />
        </FormField>
      </div>
      <FormField id="block-space" label="Space" error={errors.spaceId?.message}>
        <Select {...fieldAria('block-space', errors.spaceId?.message)} {...form.register('spaceId')}>
          {spaces.length > 1 ? <option value={ALL_SPACES}>All your spaces</option> : null}
          {spaces.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="block-note" label="Note (optional, only you see it)" error={errors.note?.message}>
        <Textarea rows={2} maxLength={200} {...fieldAria('block-note', errors.note?.message)} {...form.register('note')} />
      </FormField>
      <FieldError message={errors.root?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Block dates
        </Button>
      </DialogFooter>
    </form>
  );
}
