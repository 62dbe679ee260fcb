/**
 * Demo activity: what the two documented accounts have done, so a
 * first visit to /profile shows every tab with content. Pure and
 * deterministic like the rest of the demo data: it names users by key,
 * spaces by their index in `buildDemoSpaces()`, and times as offsets from
 * the moment of seeding.
 *
 * - `owner@demo.clinicshare.test` (Jordan Avery, lister and renter): spaces
 *   with a year of past stays, an upcoming booking, one pending incoming request, a
 *   booking of their own, and conversations (every message to them read).
 * - `renter@demo.clinicshare.test` (Taylor Brooks): past, upcoming, pending
 *   and cancelled bookings (one of the owner's rooms ended 3 days before the
 *   seed, not yet reviewed by either side), three favourites, and two conversations with an
 *   unread reply in each.
 *
 * Bookings keep clear of the owner's newest space and of the days
 * {@link BROWSER_TEST_DAYS} ahead, where the browser tests book demo spaces.
 */
import type { PricingPeriod } from '../../shared/constants';

/** Days after the seed day that the browser tests book on demo spaces (tests/e2e/journey.test.ts books days 30 to 42). */
export const BROWSER_TEST_DAYS = { from: 25, to: 45 } as const;

/** A booking to seed: `startDay` days after the seed day (negative: in the past), for `days` days. */
export interface DemoBookingPlan {
  renterKey: string;
  spaceIndex: number;
  startDay: number;
  days: number;
  status: 'confirmed' | 'pending' | 'cancelled';
  notes: string | null;
}

export interface DemoFavoritePlan {
  userKey: string;
  spaceIndex: number;
}

/** A message to seed, sent `hoursAgo` hours before the seed time, about a space; `read` by its receiver or not. */
export interface DemoMessagePlan {
  fromKey: string;
  toKey: string;
  spaceIndex: number;
  content: string;
  hoursAgo: number;
  read: boolean;
}

export interface DemoActivityPlan {
  bookings: DemoBookingPlan[];
  favorites: DemoFavoritePlan[];
  messages: DemoMessagePlan[];
}

/** What the plan needs to know of each demo space. */
export type DemoSpaceSummary = { ownerKey: string; pricePeriod: PricingPeriod };

/**
 * The demo activity over `spaces` (the list `buildDemoSpaces` returns). With
 * too few spaces (a tiny benchmark), the parts that find no space are left out.
 */
export function planDemoActivity(spaces: readonly DemoSpaceSummary[]): DemoActivityPlan {
  const indexes = (ownerKey: string) =>
    spaces.flatMap((space, index) => (space.ownerKey === ownerKey && space.pricePeriod === 'daily' ? [index] : []));
  // The owner's newest space (the first they own) is left alone: the messaging browser test writes about it.
  const ownerFirst = spaces.findIndex((space) => space.ownerKey === 'owner');
  const [ownerA, ownerB] = indexes('owner').filter((index) => index !== ownerFirst);
  const [sarah] = indexes('sarah.chen');
  const [priya] = indexes('priya.patel');
  const [david] = indexes('david.goldberg');

  const bookings: DemoBookingPlan[] = [];
  const favorites: DemoFavoritePlan[] = [];
  const messages: DemoMessagePlan[] = [];

  if (ownerA !== undefined) {
    bookings.push(
      { renterKey: 'renter', spaceIndex: ownerA, startDay: -21, days: 2, status: 'confirmed', notes: 'Two days of intake assessments.' },
      // Ended 3 days before the seed and reviewed by neither side: the review window is open for both.
      {
        renterKey: 'renter',
        spaceIndex: ownerA,
        startDay: -5,
        days: 2,
        status: 'confirmed',
        notes: 'Two days of follow-up consultations.',
      },
      {
        renterKey: 'renter',
        spaceIndex: ownerA,
        startDay: 14,
        days: 1,
        status: 'pending',
        notes: 'A quiet room for a group therapy session, please.',
      },
    );
    messages.push(
      {
        fromKey: 'renter',
        toKey: 'owner',
        spaceIndex: ownerA,
        content: 'Hi Dr. Avery, I just sent a request for a day in two weeks. Is the room quiet enough for a group session?',
        hoursAgo: 26,
        read: true,
      },
      {
        fromKey: 'owner',
        toKey: 'renter',
        spaceIndex: ownerA,
        content: 'Hi Taylor, yes: it is at the end of the corridor, away from reception. I will confirm your request shortly.',
        hoursAgo: 3,
        read: false,
      },
    );
  }
  // A year of stays by other renters on the owner's rooms, so the Earnings tab has a history
  // (docs/decisions/034-owner-earnings.md); all long past, clear of the stays above. Each starts a day
  // after a multiple of 5 days ago and lasts at most 4 days, so none meets a reviewed stay of
  // `demo-reviews.ts` (a day a multiple of 5 days ago) on whichever space the list gives the owner.
  const history: [string, number | undefined, number, number][] = [
    ['michael.thompson', ownerA, -329, 3],
    ['aisha.williams', ownerB, -289, 2],
    ['michael.thompson', ownerA, -249, 2],
    ['kevin.obrien', ownerB, -204, 4],
    ['laura.bennett', ownerA, -159, 1],
    ['aisha.williams', ownerB, -119, 3],
    ['kevin.obrien', ownerA, -84, 2],
    ['laura.bennett', ownerB, -49, 2],
  ];
  for (const [renterKey, spaceIndex, startDay, days] of history) {
    if (spaceIndex !== undefined) bookings.push({ renterKey, spaceIndex, startDay, days, status: 'confirmed', notes: null });
  }
  if (ownerB !== undefined) {
    bookings.push({ renterKey: 'renter', spaceIndex: ownerB, startDay: 7, days: 2, status: 'confirmed', notes: null });
    favorites.push({ userKey: 'renter', spaceIndex: ownerB });
    messages.push(
      {
        fromKey: 'michael.thompson',
        toKey: 'owner',
        spaceIndex: ownerB,
        content: 'Does this room have space for a treatment table? I see patients two days a week.',
        hoursAgo: 50,
        read: true,
      },
      {
        fromKey: 'owner',
        toKey: 'michael.thompson',
        spaceIndex: ownerB,
        content: 'It does: the table folds against the wall when you need the floor.',
        hoursAgo: 48,
        read: true,
      },
    );
  }
  if (sarah !== undefined) {
    bookings.push({
      renterKey: 'owner',
      spaceIndex: sarah,
      startDay: 60,
      days: 1,
      status: 'confirmed',
      notes: 'Covering a colleague for the day.',
    });
    favorites.push({ userKey: 'renter', spaceIndex: sarah }, { userKey: 'owner', spaceIndex: sarah });
    messages.push(
      {
        fromKey: 'renter',
        toKey: 'sarah.chen',
        spaceIndex: sarah,
        content: 'Could a psychologist use this suite for consultations on Fridays?',
        hoursAgo: 30,
        read: true,
      },
      {
        fromKey: 'sarah.chen',
        toKey: 'renter',
        spaceIndex: sarah,
        content: 'Of course. Fridays are free most weeks; book any day you like.',
        hoursAgo: 5,
        read: false,
      },
    );
  }
  if (priya !== undefined) favorites.push({ userKey: 'renter', spaceIndex: priya });
  if (david !== undefined) {
    bookings.push({ renterKey: 'renter', spaceIndex: david, startDay: 20, days: 1, status: 'cancelled', notes: null });
  }
  return { bookings, favorites, messages };
}
