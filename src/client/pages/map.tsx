import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /map (SPEC section 2): built by a later issue. */
export function MapPage() {
  return <PagePlaceholder title="Map of Medical Spaces" />;
}
