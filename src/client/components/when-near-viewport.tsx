import type { ReactNode } from 'react';
import { useNearViewport } from '@/client/lib/use-near-viewport';

/**
 * Renders `children` once the place held for them comes within 400 px of the viewport (the
 * margin the space page's map uses), and an empty box of `placeholderClassName` until then: a
 * section below the fold loads its code and data when the person scrolls towards it, not with the
 * page (docs/decisions/007-a-light-first-page.md). Nothing above the box moves when it fills.
 */
export function WhenNearViewport({
  children,
  placeholderClassName,
  testId,
}: {
  children: ReactNode;
  placeholderClassName?: string;
  /** `data-testid` of the placeholder. */
  testId?: string;
}) {
  const [placeholder, near] = useNearViewport<HTMLDivElement>('400px');
  if (near) return children;
  return <div ref={placeholder} className={placeholderClassName} data-testid={testId} aria-hidden="true" />;
}
