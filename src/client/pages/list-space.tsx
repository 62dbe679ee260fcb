import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /list-space (SPEC section 2): built by a later issue. */
export function ListSpacePage() {
  return <PagePlaceholder title="List Your Space" />;
}
