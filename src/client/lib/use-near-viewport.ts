import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (CSS margin
 * syntax, e.g. '600px'), for loading heavy content (a map) only when the
 * person is about to see it. Once true it stays true. Without
 * IntersectionObserver it is true at once.
 *
 * @returns a ref callback for the element, and the flag.
 */
export function useNearViewport<T extends Element>(margin: string): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            setNear(true);
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
