import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /payments/connect (SPEC section 2): built by a later issue. */
export function PaymentsConnectPage() {
  return <PagePlaceholder title="Payment Settings" />;
}
