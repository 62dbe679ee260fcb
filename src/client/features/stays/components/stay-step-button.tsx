import { LoaderCircle, LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { nextStayStep } from '@/shared/stays';
import { Button } from '@/client/components/ui/button';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useTakeStayStep } from '../api/take-stay-step';

/**
 * "Check in" or "Check out" on the renter's booking, when the rules of the day of the stay
 * (src/shared/stays.ts) allow it as the list was opened; the server checks again. `onTaken` is told
 * the booking as it now is (the page refreshes its lists).
 */
export function StayStepButton({ booking, onTaken }: { booking: Booking; onTaken: (booking: Booking) => void }) {
  const [openedAt] = useState(() => new Date());
  const take = useTakeStayStep(onTaken);
  const step = nextStayStep(booking, openedAt);
  if (!step) return null;
  const checkIn = step === 'check_in';
  const Icon = checkIn ? LogIn : LogOut;
  const onClick = () =>
    take.mutate(
      { bookingId: booking.id, step },
      {
        onSuccess: () => toast({ title: checkIn ? 'Checked in' : 'Checked out' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: checkIn ? 'Failed to check in' : 'Failed to check out',
            description: (isApiError(error, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
          }),
      },
    );
  return (
    <Button size="sm" variant={checkIn ? 'default' : 'outline'} onClick={onClick} disabled={take.isPending}>
      {take.isPending ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Icon className="size-4" aria-hidden="true" />
      )}
      {checkIn ? 'Check in' : 'Check out'}
    </Button>
  );
}
