import { CalendarX } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';

/**
 * The owner's flag on an upcoming booking that the listing's current schedule leaves out
 * (`outsideSchedule`): a schedule change cancels nothing (docs/product.md#schedules), so the
 * booking stands and the owner is told why it is marked.
 */
export function OutsideScheduleNote() {
  return (
    <div className="mt-1 grid gap-1" data-testid="outside-schedule">
      <Badge variant="warning" className="w-fit">
        <CalendarX className="size-3.5" aria-hidden="true" />
        Outside your current hours
      </Badge>
      <p className="text-xs text-slate-600">
        Your opening hours, sessions or blocked dates changed after this was booked. The booking still stands; message the renter if it no
        longer suits you.
      </p>
    </div>
  );
}
