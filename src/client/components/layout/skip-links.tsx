import type { MouseEvent } from 'react';
import { ARRIVAL_FOCUS, focusElement } from '@/client/lib/route-focus';

const SKIP_LINK_CLASS =
  'sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2';

/** A link that moves focus to the element `id` (the browser's own jump to a #fragment would only scroll and change the address). */
function SkipLink({ id, children }: { id: string; children: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    focusElement(target);
  };
  return (
    <a href={`#${id}`} onClick={skip} className={SKIP_LINK_CLASS}>
      {children}
    </a>
  );
}

/**
 * The page's first Tab stops, shown when focused: "Skip to content" (every page; focus goes to `main`)
 * and, where filters come before the results (`results`: /search and /map), "Skip to results"
 * (to the element with the id {@link ARRIVAL_FOCUS.results}).
 */
export function SkipLinks({ mainId, results }: { mainId: string; results: boolean }) {
  return (
    <>
      <SkipLink id={mainId}>Skip to content</SkipLink>
      {results ? <SkipLink id={ARRIVAL_FOCUS.results}>Skip to results</SkipLink> : null}
    </>
  );
}
