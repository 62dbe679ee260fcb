import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { arrivalFocusOf, focusElement } from '@/client/lib/route-focus';
import { OPEN_DIALOG } from '../ui/use-return-focus';

/** How long a page may take to show what gets the focus (its code and data loading) before the app stops waiting. */
const WAIT_MS = 10_000;

/**
 * Once an element `selector` names is shown on the page and no longer loading (inside `aria-busy`), focuses
 * it, unless the person has pressed a key or the pointer meanwhile, focus has moved on to something
 * else (a page that focuses its own element, a dialog) or a dialog is open. Returns what stops waiting.
 */
function focusWhenShown(selector: string, options: FocusOptions): () => void {
  const startedOn = document.activeElement;
  const observer = new MutationObserver(attempt);
  const timer = window.setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  function attempt() {
    // The page left behind may still be in the document, hidden, while the new one loads (React's Suspense).
    const target = [...document.querySelectorAll<HTMLElement>(selector)].find((element) => element.checkVisibility());
    if (!target || target.closest('[aria-busy="true"]')) return;
    stop();
    const active = document.activeElement;
    const movedOn = active && active !== document.body && active !== startedOn && active.isConnected;
    if (movedOn || document.querySelector(OPEN_DIALOG)) return;
    focusElement(target, options);
  }
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'style', 'hidden'] });
  attempt();
  return stop;
}

/**
 * Moves focus to the new page after a navigation inside the app, so that keyboard and screen reader
 * users start there rather than on the page's body (WCAG 2.4.3 Focus Order): to its h1 once shown,
 * or to what the navigation asked for in its history state (`focusOnArrival`: a search's results, a
 * paid booking's confirmation). A change of the query string alone (a filter) leaves focus where it is,
 * unless it asked for a place. Nothing moves on the first page load: the browser starts at the top.
 */
export function RouteFocus() {
  const [location] = useLocation();
  const search = useSearch();
  const shown = useRef<{ location: string; search: string } | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = { location, search };
    if (!before || (before.location === location && before.search === search)) return;
    const asked = arrivalFocusOf(window.history.state);
    if (asked) return focusWhenShown(`#${asked}`, {});
    if (before.location === location) return;
    // The page has scrolled to its top, or to the address's #section: focus leaves it there.
    return focusWhenShown('#main h1', { preventScroll: true });
  }, [location, search]);

  return null;
}
