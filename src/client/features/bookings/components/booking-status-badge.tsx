import type { BookingStatus } from '@/shared/constants';
import { Badge } from '@/client/components/ui/badge';

/** SPEC section 4: confirmed green, pending yellow, cancelled red, others grey. */
const VARIANTS = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
} as const;

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const variant = status in VARIANTS ? VARIANTS[status as keyof typeof VARIANTS] : 'muted';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
