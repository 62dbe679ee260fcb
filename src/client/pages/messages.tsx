import { PagePlaceholder } from '@/client/components/layout/page-placeholder';

/** /messages (SPEC section 2): built by a later issue. */
export function MessagesPage() {
  return <PagePlaceholder title="Messages" />;
}
