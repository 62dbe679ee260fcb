import { shownStatus, statusColor } from '@/shared/booking-lifecycle';
import type { BookingStatus } from '@/shared/constants';
import { Badge } from '@/client/components/ui/badge';

/** docs/product.md#behaviour (`statusColor`): confirmed green, pending yellow, cancelled red, others grey. */
const VARIANTS = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
  grey: 'muted',
} as const;

/**
 * A booking's status as a coloured badge: "confirmed", "pending", "awaiting payment", ...; with
 * `ended` (its end has passed) a confirmed booking reads "completed" (`shownStatus`).
 */
export function BookingStatusBadge({ status, ended = false }: { status: BookingStatus; ended?: boolean }) {
  const shown = shownStatus(status, ended);
  return (
    <Badge variant={VARIANTS[statusColor(shown)]} className="capitalize" data-testid="booking-status">
      {shown.replace('_', ' ')}
    </Badge>
  );
}
