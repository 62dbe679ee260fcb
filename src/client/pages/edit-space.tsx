import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /edit-space/:id (SPEC section 2): built by a later issue. */
export function EditSpacePage() {
  return <PagePlaceholder title="Edit Space" />;
}
