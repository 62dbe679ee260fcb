/**
 * Where focus goes when the app moves to another page (WCAG 2.4.3 Focus Order): the new page's h1,
 * unless the navigation asks for one of these instead (its history entry's state, see
 * {@link focusOnArrival}). The components that render them give these ids to their elements.
 */
export const ARRIVAL_FOCUS = {
  /** The search results' heading, which says how many spaces were found (/search), or the map's results (/map). */
  results: 'results',
  /** The confirmation shown on the space's page once a booking is paid for. */
  bookingConfirmation: 'booking-confirmation',
} as const;

export type ArrivalFocus = (typeof ARRIVAL_FOCUS)[keyof typeof ARRIVAL_FOCUS];

/**
 * The history state for wouter's `navigate(to, { state })` that makes the page it opens focus `target`
 * instead of its h1 (components/layout/route-focus.tsx): after a search, its results; after paying,
 * the confirmation. Kept with the history entry, so Back to it focuses the same place.
 */
export function focusOnArrival(target: ArrivalFocus): { focus: ArrivalFocus } {
  return { focus: target };
}

/** The element id a history entry's state asks to focus on arrival, if any. */
export function arrivalFocusOf(state: unknown): ArrivalFocus | null {
  const focus = (state as { focus?: unknown } | null)?.focus;
  return Object.values(ARRIVAL_FOCUS).find((id) => id === focus) ?? null;
}

/**
 * Focuses `element`, which need not be a control: one that is not focusable (a heading, `main`)
 * gets `tabindex="-1"` (focusable by script, not a Tab stop) until it loses focus again.
 */
export function focusElement(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus(options);
}
