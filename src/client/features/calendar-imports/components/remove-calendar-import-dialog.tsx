import { LoaderCircle } from 'lucide-react';
import type { CalendarImport } from '@/shared/schemas/calendar-imports';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button } from '@/client/components/ui/button';
import { useRemoveCalendarImport } from '../api/remove-calendar-import';
import { requestErrorText } from '../lib/feed-text';

/** Asks before removing `feed` (null: closed); stays open until the server has answered, and says why it could not. */
export function RemoveCalendarImportDialog({
  spaceId,
  feed,
  onClose,
}: {
  spaceId: string;
  feed: CalendarImport | null;
  onClose: () => void;
}) {
  const remove = useRemoveCalendarImport(spaceId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <AlertDialog open={feed !== null} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove “{feed?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Its busy times stop blocking this space at once. The calendar itself is not changed, and you can add it again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {remove.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {requestErrorText(remove.error, 'The calendar could not be removed. Please try again later.')}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Keep it</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => feed && remove.mutate(feed.id, { onSuccess: close })}>
            {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Remove calendar
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
