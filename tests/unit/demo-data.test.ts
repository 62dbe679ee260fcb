import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { AMENITIES, DEFAULT_SPACE_IMAGE, EQUIPMENT, PRICING_PERIODS, SPACE_TYPES, SPECIALTIES } from '../../src/shared/constants';
import { scheduleSchema } from '../../src/shared/schemas/schedules';
import { createSpaceSchema } from '../../src/shared/schemas/spaces';
import { BROWSER_TEST_DAYS, planDemoActivity } from '../../src/server/seed/demo-activity';
import { buildDemoSpaces } from '../../src/server/seed/demo-data';
import { holidayClosures } from '../../src/server/seed/demo-schedules';
import { DEMO_PASSWORD, demoUsers } from '../../src/server/seed/demo-users';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const spaces = buildDemoSpaces();
const usersByKey = new Map(demoUsers.map((user) => [user.key, user]));

/** The contiguous US plus Alaska and Hawaii. */
function inUnitedStates(latitude: number, longitude: number): boolean {
  const contiguous = latitude >= 24.4 && latitude <= 49.4 && longitude >= -125 && longitude <= -66.9;
  const alaska = latitude >= 51 && latitude <= 71.5 && longitude >= -180 && longitude <= -129.9;
  const hawaii = latitude >= 18.9 && latitude <= 22.3 && longitude >= -160.3 && longitude <= -154.8;
  return contiguous || alaska || hawaii;
}

describe('demo users', () => {
  it('has at least 6 owners and 4 renters, all with the shared password', () => {
    const owners = demoUsers.filter((user) => user.userType === 'lister' || user.userType === 'both');
    const renters = demoUsers.filter((user) => user.userType === 'renter' || user.userType === 'both');
    expect(owners.length).toBeGreaterThanOrEqual(6);
    expect(renters.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
    for (const user of demoUsers) expect(user.password).toBe(DEMO_PASSWORD);
  });

  it('includes the two documented demo accounts', () => {
    expect(demoUsers.find((user) => user.email === 'owner@demo.clinicshare.test')?.userType).toBe('both');
    expect(demoUsers.find((user) => user.email === 'renter@demo.clinicshare.test')?.userType).toBe('renter');
  });

  it('has unique keys and emails on the demo domain', () => {
    expect(new Set(demoUsers.map((user) => user.key)).size).toBe(demoUsers.length);
    expect(new Set(demoUsers.map((user) => user.email)).size).toBe(demoUsers.length);
    for (const user of demoUsers) expect(user.email).toMatch(/^[a-z.]+@demo\.clinicshare\.test$/);
  });
});

describe('demo spaces', () => {
  it('has at least 150 spaces in at least 30 cities', () => {
    expect(spaces.length).toBeGreaterThanOrEqual(150);
    expect(new Set(spaces.map((space) => `${space.city}, ${space.state}`)).size).toBeGreaterThanOrEqual(30);
  });

  it('uses every space type and pricing period, each well represented', () => {
    for (const type of SPACE_TYPES) {
      expect(spaces.filter((space) => space.spaceType === type).length).toBeGreaterThanOrEqual(15);
    }
    for (const period of PRICING_PERIODS) {
      expect(spaces.filter((space) => space.pricePeriod === period).length).toBeGreaterThanOrEqual(20);
    }
  });

  it('gives sessions and hours that the listing rules accept: session rooms mornings and afternoons, dental suites Mon-Fri, some closed for the holidays', () => {
    for (const space of spaces) {
      if (space.schedule) expect(scheduleSchema.parse(space.schedule)).toEqual(space.schedule);
      expect(createSpaceSchema.safeParse({ ...space, latitude: space.latitude, longitude: space.longitude }).success, space.title).toBe(
        true,
      );
    }
    const sessionRooms = spaces.filter((space) => space.pricePeriod === 'session');
    expect(sessionRooms.every((space) => space.schedule!.sessions.some((session) => session.name === 'Morning'))).toBe(true);
    expect(sessionRooms.filter((space) => ['Consultation Room', 'Physical Therapy Room'].includes(space.spaceType)).length).toBeGreaterThan(
      sessionRooms.length / 3,
    );
    const hourlyDental = spaces.filter((space) => space.spaceType === 'Dental Suite' && space.pricePeriod === 'hourly');
    expect(hourlyDental.every((space) => Object.keys(space.schedule!.weeklyHours!).join() === 'mon,tue,wed,thu,fri')).toBe(true);
    expect(spaces.filter((space) => space.closedForHolidays).length).toBeGreaterThan(10);
  });

  it('dates the holiday closures from the day the seed runs', () => {
    expect(holidayClosures('2025-11-25').map((range) => [range.start, range.end])).toEqual([
      ['2025-12-24', '2025-12-26'],
      ['2025-12-31', '2026-01-01'],
    ]);
    expect(holidayClosures('2026-01-01').map((range) => [range.start, range.end])).toEqual([
      ['2025-12-31', '2026-01-01'],
      ['2026-12-24', '2026-12-26'],
    ]);
  });

  it('uses only known, non-empty, duplicate-free amenities and equipment', () => {
    for (const space of spaces) {
      expect(space.amenities.length).toBeGreaterThan(0);
      expect(space.equipment.length).toBeGreaterThan(0);
      expect(new Set(space.amenities).size).toBe(space.amenities.length);
      expect(new Set(space.equipment).size).toBe(space.equipment.length);
      for (const amenity of space.amenities) expect(AMENITIES).toContain(amenity);
      for (const item of space.equipment) expect(EQUIPMENT).toContain(item);
    }
  });

  it('places every space at its ZIP code within the US', () => {
    for (const space of spaces) {
      expect(inUnitedStates(space.latitude, space.longitude), `${space.title} at ${space.latitude},${space.longitude}`).toBe(true);
      const zip = zipcodes.lookup(space.zipCode);
      expect(zip, space.zipCode).toBeDefined();
      expect(zip?.state).toBe(space.state);
      expect(Math.abs(space.latitude - (zip?.latitude ?? NaN))).toBeLessThanOrEqual(0.02);
      expect(Math.abs(space.longitude - (zip?.longitude ?? NaN))).toBeLessThanOrEqual(0.02);
      expect(Number(space.latitude.toFixed(7))).toBe(space.latitude);
      expect(Number(space.longitude.toFixed(7))).toBe(space.longitude);
    }
  });

  it("gives cancellation notes that add to the listing's refund tier and never restate a refund rule (the page prints the tier)", () => {
    for (const space of spaces) {
      expect(space.cancellationPolicy, space.title).not.toMatch(/refund|charged|free cancellation|\d+\s*(hours|days)\s+before/i);
    }
  });

  it('has unique titles', () => {
    expect(new Set(spaces.map((space) => space.title)).size).toBe(spaces.length);
  });

  it('only uses shipped illustrations, with galleries and a few spaces without images', () => {
    for (const space of spaces) {
      expect(space.images.length).toBeLessThanOrEqual(4);
      expect(new Set(space.images).size).toBe(space.images.length);
      for (const image of space.images) {
        expect(image).toMatch(/^\/images\/spaces\/[a-z0-9-]+\.svg$/);
        expect(existsSync(`${publicDir}${image}`), image).toBe(true);
      }
    }
    expect(spaces.some((space) => space.images.length === 0)).toBe(true);
    expect(spaces.some((space) => space.images.length >= 3)).toBe(true);
    expect(existsSync(`${publicDir}${DEFAULT_SPACE_IMAGE}`)).toBe(true);
  });

  it('ships small, self-contained illustrations', () => {
    const files = new Set([...spaces.flatMap((space) => space.images), DEFAULT_SPACE_IMAGE]);
    for (const file of files) {
      const path = `${publicDir}${file}`;
      expect(statSync(path).size, file).toBeLessThan(6 * 1024);
      const text = readFileSync(path, 'utf8');
      expect(text).toContain('viewBox="0 0 1200 800"');
      expect(text).not.toMatch(/<script|href=|@import|url\((?!#)/i);
    }
  });

  it('belongs to owners who list spaces, each owner with several', () => {
    const perOwner = new Map<string, number>();
    for (const space of spaces) {
      const owner = usersByKey.get(space.ownerKey);
      expect(owner, space.ownerKey).toBeDefined();
      expect(['lister', 'both']).toContain(owner?.userType);
      perOwner.set(space.ownerKey, (perOwner.get(space.ownerKey) ?? 0) + 1);
    }
    const owners = demoUsers.filter((user) => user.userType !== 'renter');
    for (const owner of owners) expect(perOwner.get(owner.key) ?? 0, owner.key).toBeGreaterThanOrEqual(3);
  });

  it('has prices as decimal strings with 2 decimals and sensible fields', () => {
    for (const space of spaces) {
      expect(space.pricePerDay).toMatch(/^\d+\.\d{2}$/);
      expect(Number(space.pricePerDay)).toBeGreaterThan(0);
      expect(space.capacity).toBeGreaterThanOrEqual(1);
      expect(space.capacity).toBeLessThanOrEqual(12);
      if (space.optimalSpecialty !== null) expect(SPECIALTIES).toContain(space.optimalSpecialty);
      expect(space.description.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(2);
      expect(space.rules.length).toBeGreaterThan(0);
      expect(space.cancellationPolicy.length).toBeGreaterThan(0);
    }
    expect(spaces.some((space) => space.optimalSpecialty === null)).toBe(true);
  });

  it('passes the listing schema the API validates with', () => {
    for (const space of spaces) {
      const { ownerKey: _ownerKey, ...listing } = space;
      const parsed = createSpaceSchema.safeParse(listing);
      expect(parsed.success, `${space.title}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });

  it('is deterministic', () => {
    expect(buildDemoSpaces()).toEqual(spaces);
    expect(buildDemoSpaces()).toEqual(buildDemoSpaces());
  });
});

describe('generated spaces for the benchmark', () => {
  it('covers every type, period, amenity, equipment item and demo city, deterministically', () => {
    const many = buildDemoSpaces(3000);
    expect(many).toHaveLength(3000);
    expect(new Set(many.map((space) => space.city))).toEqual(new Set(spaces.map((space) => space.city)));
    expect(new Set(many.map((space) => space.spaceType))).toEqual(new Set(SPACE_TYPES));
    expect(new Set(many.map((space) => space.pricePeriod))).toEqual(new Set(PRICING_PERIODS));
    expect(new Set(many.flatMap((space) => space.amenities))).toEqual(new Set(AMENITIES));
    expect(new Set(many.flatMap((space) => space.equipment))).toEqual(new Set(EQUIPMENT));
    expect(buildDemoSpaces(3000)).toEqual(many);
    expect(() => buildDemoSpaces(0)).toThrow(RangeError);
  });
});

describe('demo activity (issue 9)', () => {
  const plan = planDemoActivity(spaces);

  it('is the same on every call and names only demo users and seeded spaces', () => {
    expect(planDemoActivity(buildDemoSpaces())).toEqual(plan);
    const items = [...plan.bookings, ...plan.favorites, ...plan.messages];
    for (const item of items) expect(spaces[item.spaceIndex], JSON.stringify(item)).toBeDefined();
    const keys = [
      ...plan.bookings.map((b) => b.renterKey),
      ...plan.favorites.map((f) => f.userKey),
      ...plan.messages.flatMap((m) => [m.fromKey, m.toKey]),
    ];
    for (const key of keys) expect(usersByKey.has(key), key).toBe(true);
  });

  it('fills every profile tab of both demo accounts', () => {
    const ownerSpaceIndexes = new Set(spaces.flatMap((space, index) => (space.ownerKey === 'owner' ? [index] : [])));
    const onOwnerSpaces = plan.bookings.filter((b) => ownerSpaceIndexes.has(b.spaceIndex));
    expect(onOwnerSpaces.some((b) => b.status === 'confirmed' && b.startDay < 0)).toBe(true);
    expect(onOwnerSpaces.some((b) => b.status === 'confirmed' && b.startDay > 0)).toBe(true);
    expect(onOwnerSpaces.filter((b) => b.status === 'pending')).toHaveLength(1);
    expect(plan.bookings.some((b) => b.renterKey === 'owner')).toBe(true);
    expect(plan.favorites.filter((f) => f.userKey === 'renter').length).toBeGreaterThanOrEqual(2);
    expect(plan.messages.some((m) => m.toKey === 'renter' && !m.read)).toBe(true);
    // The messaging browser test counts the owner's unread messages from zero.
    expect(plan.messages.filter((m) => m.toKey === 'owner').every((m) => m.read)).toBe(true);
  });

  it("keeps clear of the owner's newest space and of the days the browser tests book", () => {
    const ownerFirst = spaces.findIndex((space) => space.ownerKey === 'owner');
    for (const booking of plan.bookings) {
      expect(booking.spaceIndex).not.toBe(ownerFirst);
      expect(
        booking.startDay + booking.days <= BROWSER_TEST_DAYS.from || booking.startDay > BROWSER_TEST_DAYS.to,
        JSON.stringify(booking),
      ).toBe(true);
    }
    for (const message of plan.messages) expect(message.spaceIndex).not.toBe(ownerFirst);
  });

  it('leaves out what finds no space when there are only a few spaces', () => {
    const tiny = planDemoActivity(buildDemoSpaces(1));
    expect(tiny.bookings.length + tiny.favorites.length + tiny.messages.length).toBeLessThan(
      plan.bookings.length + plan.favorites.length + plan.messages.length,
    );
  });
});
