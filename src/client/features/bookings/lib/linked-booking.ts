import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { readBookingLink, type BookingLinkAnswer } from '@/shared/booking-notices';

/** The booking the address points at (a notification's or email's link), with the answer its link offers, or null. */
export function useLinkedBooking(): { bookingId: string; answer: BookingLinkAnswer | null } | null {
  return readBookingLink(useSearch());
}

/** How the row of the linked booking stands out (and shows focus without a second outline). */
const LINKED_ROW_CLASS = 'ring-2 ring-primary ring-offset-2 outline-none';

/**
 * The props of a booking's row (spread them first, then merge `className`): the row of the linked
 * booking stands out, can take focus, and takes it once when `focus` (by default when linked).
 */
export function useLinkedRow(linked: boolean, { focus = linked }: { focus?: boolean } = {}) {
  const ref = useRevealOnce<HTMLDivElement>(focus);
  return linked ? { ref, tabIndex: -1, 'data-linked': 'true', className: LINKED_ROW_CLASS } : { ref, className: undefined };
}

/**
 * Once `active` first holds, scrolls the element into view and focuses it: the booking a link
 * points at (its row, or the answer button the link offers). Only once per mount, so a later
 * refresh of the list does not move the reader.
 */
export function useRevealOnce<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!active || done.current || !ref.current) return;
    done.current = true;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [active]);
  return ref;
}

/**
 * When a link to a booking is opened (`linkedId` set or changed) over a list loaded before it, as
 * when a notification's link is followed within the app, refetches the list once: the booking the
 * notification is about (a request just made, a status just changed) is then shown as it is now.
 */
export function useFreshForLink(
  linkedId: string | undefined,
  { dataUpdatedAt, refetch }: { dataUpdatedAt: number; refetch: () => Promise<unknown> },
): void {
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || refreshedFor.current === linkedId) return;
    refreshedFor.current = linkedId;
    // Not loaded yet: its first fetch is fresh already.
    if (dataUpdatedAt > 0) void refetch();
  }, [linkedId, dataUpdatedAt, refetch]);
}
