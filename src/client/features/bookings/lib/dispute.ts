/**
 * A payment dispute for people (Stripe's dispute statuses,
 * https://docs.stripe.com/disputes/how-disputes-work): open disputes and
 * inquiries read "Payment disputed", closed ones say how they ended. Null
 * when the payment was never disputed.
 */
export function disputeLabel(status: string | null | undefined): string | null {
  switch (status) {
    case null:
    case undefined:
    case '':
      return null;
    case 'won':
      return 'Dispute won';
    case 'lost':
      return 'Dispute lost';
    case 'warning_closed':
      return 'Payment inquiry closed';
    default:
      return 'Payment disputed';
  }
}
