import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /donate (SPEC section 2): built by a later issue. */
export function DonatePage() {
  return <PagePlaceholder title="Support ClinicShare" />;
}
