import { statusColor } from '@/shared/booking-lifecycle';
import type { BookingStatus } from '@/shared/constants';
import { Badge } from '@/client/components/ui/badge';

/** docs/product.md#behaviour (`statusColor`): confirmed green, pending yellow, cancelled red, others grey. */
const VARIANTS = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
  grey: 'muted',
} as const;

/** A booking's status as a coloured badge: "confirmed", "pending", "awaiting payment", ... */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge variant={VARIANTS[statusColor(status)]} className="capitalize" data-testid="booking-status">
      {status.replace('_', ' ')}
    </Badge>
  );
}
