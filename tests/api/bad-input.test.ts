/**
 * Bad input is a clear 4xx and changes nothing (docs/decisions/016-errors-as-json.md):
 * a table-driven probe over every route's text and number
 * fields with NUL and other control characters, loose numbers and amounts
 * beyond what a card processor accepts.
 */
import { addDays, addMonths, format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { insertSpace, insertUser } from '../factories/db';
import { bookings, demoPaymentIntents, favorites, medicalSpaces, messages, sessions, users } from '../../src/server/db/schema';
import { createIntent, paidIntent, TEST_CARD } from '../helpers/booking-flow';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let renter: { user: { id: string }; cookie: string };
let spaceId: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await insertUser(t.db)).id;
  spaceId = (await insertSpace(t.db, ownerId)).id;
  renter = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const day = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

/** Row counts of every table a request could write to. */
async function counts() {
  return {
    users: await t.db.$count(users),
    sessions: await t.db.$count(sessions),
    spaces: await t.db.$count(medicalSpaces),
    bookings: await t.db.$count(bookings),
    intents: await t.db.$count(demoPaymentIntents),
    favorites: await t.db.$count(favorites),
    messages: await t.db.$count(messages),
  };
}

/** Sets `value` at a dotted path of a copy of `body` ("bookingDetails.notes", "images.0"). */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

const NUL = 'a\u0000b';
const CONTROL_VALUES = [NUL, 'bell\u0007', 'escape\u001b[31m', 'del\u007f'];
const LOOSE_NUMBERS: unknown[] = ['', false, true, [], {}, '0x10', '1e3', 'NaN', 'Infinity', ' 12'];

interface JsonRoute {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** A path, or one built when the test runs (for the signed-in user's own id). */
  url: string | (() => string);
  signedIn: boolean;
  body: () => Record<string, unknown>;
  textFields: string[];
  numberFields?: string[];
}

const listing = () => ({
  title: 'Quiet exam room',
  description: 'A room.',
  spaceType: 'Examination Room',
  capacity: 2,
  address: '1 Main St',
  city: 'Boston',
  state: 'MA',
  zipCode: '02116',
  amenities: ['Wi-Fi'],
  equipment: ['Examination Table'],
  optimalSpecialty: 'Cardiology',
  images: ['/images/spaces/dental-suite-1.svg'],
  pricePerDay: '120.00',
  pricePeriod: 'daily',
  rules: 'No food.',
  cancellationPolicy: 'Flexible.',
  latitude: 42.35,
  longitude: -71.07,
  availableFrom: null,
  availableTo: null,
});

const JSON_ROUTES: JsonRoute[] = [
  {
    name: 'register',
    method: 'POST',
    url: '/api/register',
    signedIn: false,
    body: () => ({
      firstName: 'Maya',
      lastName: 'Patel',
      email: 'probe@example.test',
      specialty: 'Dentistry',
      password: 'a-long-password',
      acceptedTerms: true,
      userType: 'both',
    }),
    textFields: ['firstName', 'lastName', 'email', 'specialty', 'password', 'userType'],
  },
  {
    name: 'login',
    method: 'POST',
    url: '/api/login',
    signedIn: false,
    body: () => ({ email: 'nobody@example.test', password: 'whatever' }),
    textFields: ['email', 'password'],
  },
  {
    name: 'create a space',
    method: 'POST',
    url: '/api/spaces',
    signedIn: true,
    body: listing,
    textFields: [
      'title',
      'description',
      'spaceType',
      'address',
      'city',
      'state',
      'zipCode',
      'amenities.0',
      'equipment.0',
      'optimalSpecialty',
      'images.0',
      'pricePerDay',
      'pricePeriod',
      'rules',
      'cancellationPolicy',
      'availableFrom',
      'availableTo',
      'ownerId',
    ],
    numberFields: ['capacity', 'latitude', 'longitude'],
  },
  {
    name: 'create a booking payment intent',
    method: 'POST',
    url: '/api/create-booking-payment-intent',
    signedIn: true,
    body: () => ({
      spaceId,
      amount: '150.00',
      bookingDetails: { startDate: day(10), endDate: day(11), notes: 'Hello' },
      idempotencyKey: 'probe-attempt-1',
      agreementVersion: AGREEMENT_VERSION,
    }),
    textFields: [
      'spaceId',
      'userId',
      'amount',
      'bookingDetails.startDate',
      'bookingDetails.endDate',
      'bookingDetails.notes',
      'idempotencyKey',
      'agreementVersion',
    ],
  },
  {
    name: 'create a booking',
    method: 'POST',
    url: '/api/bookings',
    signedIn: true,
    body: () => ({
      spaceId,
      startDate: day(10),
      endDate: day(11),
      totalPrice: '150.00',
      status: 'confirmed',
      notes: 'Hello',
      paymentIntentId: 'pi_demo_unknown',
    }),
    textFields: ['spaceId', 'renterId', 'startDate', 'endDate', 'totalPrice', 'status', 'notes', 'paymentIntentId'],
  },
  {
    name: 'send a message',
    method: 'POST',
    url: '/api/messages',
    signedIn: true,
    body: () => ({ receiverId: ownerId, spaceId, content: 'Is the room free on Monday?', messageType: 'text' }),
    textFields: ['conversationId', 'senderId', 'receiverId', 'spaceId', 'content', 'messageType'],
  },
  {
    name: 'update the own profile',
    method: 'PUT',
    url: () => `/api/users/${renter.user.id}`,
    signedIn: true,
    body: () => ({
      firstName: 'Probe',
      lastName: 'User',
      email: 'probe-profile@example.test',
      phone: '6175550123',
      specialty: 'Dentistry',
      bio: 'Bio',
      licenseNumber: 'MA-123',
      userType: 'both',
      coverColor: '#123456',
    }),
    textFields: [
      'firstName',
      'lastName',
      'email',
      'phone',
      'specialty',
      'bio',
      'licenseNumber',
      'userType',
      'coverColor',
      'profileImage',
      'coverImage',
    ],
  },
  {
    name: 'add a favourite',
    method: 'POST',
    url: '/api/favorites',
    signedIn: true,
    body: () => ({ spaceId }),
    textFields: ['spaceId', 'userId'],
  },
  {
    name: 'remove a favourite',
    method: 'DELETE',
    url: '/api/favorites',
    signedIn: true,
    body: () => ({ spaceId }),
    textFields: ['spaceId', 'userId'],
  },
  {
    name: 'confirm a demo payment',
    method: 'POST',
    url: '/api/demo-payments/confirm',
    signedIn: true,
    body: () => ({ clientSecret: 'pi_demo_x_secret_y', ...TEST_CARD }),
    textFields: ['clientSecret', 'cardNumber', 'expiry', 'cvc'],
  },
];

async function expectRejected(route: JsonRoute, payload: Record<string, unknown>, label: string) {
  const before = await counts();
  const response = await t.app.inject({
    method: route.method,
    url: typeof route.url === 'function' ? route.url() : route.url,
    headers: route.signedIn ? { cookie: renter.cookie } : {},
    payload,
  });
  expect(response.statusCode, `${route.name} ${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${route.name} ${label}: ${response.body}`).toBeLessThan(500);
  expect(response.statusCode, `${route.name} ${label} must be judged on its input`).not.toBe(401);
  expect(response.json().message, `${route.name} ${label}`).toEqual(expect.any(String));
  expect(await counts(), `${route.name} ${label} changed data`).toEqual(before);
}

describe('control characters in any text field are a 400 that changes nothing', () => {
  it.each(JSON_ROUTES)('$name', async (route) => {
    for (const field of route.textFields) {
      for (const value of CONTROL_VALUES)
        await expectRejected(route, withValue(route.body(), field, value), `${field}=${JSON.stringify(value)}`);
    }
  });

  it('in query parameters and path segments', async () => {
    const before = await counts();
    const urls = [
      ...['location', 'specialty', 'spaceType', 'amenities', 'equipment', 'ownerId', 'minPrice', 'maxPrice', 'limit', 'offset'].map(
        (name) => `/api/spaces?${name}=${encodeURIComponent(NUL)}`,
      ),
      `/api/spaces/${encodeURIComponent(NUL)}`,
      ...['bookings', 'messages', 'conversations', 'unread-count', 'favorites'].map(
        (list) => `/api/users/${encodeURIComponent(NUL)}/${list}`,
      ),
      `/api/conversations/${encodeURIComponent(NUL)}/messages`,
      `/api/users/${renter.user.id}/messages?limit=0x10`,
      `/api/users/${renter.user.id}/messages?offset=${encodeURIComponent(NUL)}`,
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: renter.cookie } });
      expect([400, 403, 404], `${url}: ${response.body}`).toContain(response.statusCode);
    }
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/spaces/${encodeURIComponent(NUL)}`,
      headers: { cookie: renter.cookie },
    });
    expect([400, 404]).toContain(deleted.statusCode);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${encodeURIComponent(NUL)}/read`,
      headers: { cookie: renter.cookie },
    });
    expect([400, 403, 404]).toContain(read.statusCode);
    expect(await counts()).toEqual(before);
  });

  it('keeps tabs and newlines in free text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: renter.cookie },
      payload: { ...listing(), description: 'Line one\n\tLine two\r\nLine three' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBe('Line one\n\tLine two\r\nLine three');
  });

  it('refuses a NUL in the notes of a booking whose payment succeeded, and books nothing', async () => {
    const paid = await paidIntent(t, renter.cookie, spaceId, { startDate: day(40), endDate: day(41) });
    const route = JSON_ROUTES.find((r) => r.url === '/api/bookings')!;
    await expectRejected(route, { ...paid.booking, notes: NUL }, 'notes after payment');
  });
});

describe('numbers are numbers or plain decimal strings', () => {
  it.each(JSON_ROUTES.filter((route) => route.numberFields))('$name', async (route) => {
    for (const field of route.numberFields!) {
      for (const value of LOOSE_NUMBERS)
        await expectRejected(route, withValue(route.body(), field, value), `${field}=${JSON.stringify(value)}`);
    }
  });

  it('accepts plain decimal strings and numbers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: renter.cookie },
      payload: { ...listing(), capacity: '16', latitude: '42.3500000', longitude: -71.07 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ capacity: 16, latitude: '42.3500000', longitude: '-71.0700000' });
  });

  it('refuses loose numbers in search parameters', async () => {
    for (const query of ['limit=0x10', 'offset=1e3', 'minPrice=0x10', 'maxPrice=true', 'limit=', 'offset=abc', 'maxPrice=1e9']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/spaces?${query}` });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    // An empty price input is cleared (docs/product.md#search), not read as 0.
    const cleared = await t.app.inject({ method: 'GET', url: '/api/spaces?minPrice=&maxPrice=' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.headers['x-total-count']).toBe((await t.app.inject({ method: 'GET', url: '/api/spaces' })).headers['x-total-count']);
  });
});

describe('money within what a card processor accepts', () => {
  const createSpace = (price: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: renter.cookie }, payload: { ...listing(), pricePerDay: price } });

  it('refuses a unit price above $100,000 with the limit in the message', async () => {
    const route = JSON_ROUTES.find((r) => r.url === '/api/spaces')!;
    for (const price of ['100000.01', '99999999.99', 1e9, '123456789012345678']) {
      await expectRejected(route, withValue(route.body(), 'pricePerDay', price), `pricePerDay=${price}`);
    }
    const response = await createSpace('100000.01');
    expect(response.json().message).toMatch(/\$100,000/);
    expect((await createSpace('100000.00')).statusCode).toBe(201);
  });

  it.each([
    ['daily', day(30), day(30 + 367), /366 days/],
    ['monthly', day(30), format(addMonths(addDays(new Date(), 30), 25), 'yyyy-MM-dd'), /24 months/],
    ['hourly', `${day(30)}T09:00`, `${day(62)}T09:00`, /744 hours/],
  ] as const)('refuses a %s booking longer than the limit', async (period, startDate, endDate, limit) => {
    const space = await insertSpace(t.db, ownerId, { pricePeriod: period, pricePerDay: '1.00' });
    const before = await counts();
    const response = await createIntent(t, renter.cookie, space.id, { startDate, endDate });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(limit);
    expect(await counts()).toEqual(before);
  });

  it('refuses a booking from one year to centuries later (it used to be accepted for $20.9M)', async () => {
    const response = await createIntent(t, renter.cookie, spaceId, {
      startDate: day(30),
      endDate: `${new Date().getFullYear() + 574}-01-01`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/366 days/);
  });

  it('refuses a total above $999,999.99 with the limit in the message', async () => {
    const dear = await insertSpace(t.db, ownerId, { pricePerDay: '100000.00' });
    const before = await counts();
    const response = await createIntent(t, renter.cookie, dear.id, { startDate: day(30), endDate: day(40) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\$999,999\.99/);
    expect(await counts()).toEqual(before);
    expect((await createIntent(t, renter.cookie, dear.id, { startDate: day(30), endDate: day(39) })).statusCode).toBe(200);
  });
});

describe('images over the size limit', () => {
  it.each([5.5, 7, 20])('answers 413 to a %s MiB inline image and stores nothing', async (mib) => {
    const bytes = Buffer.alloc(Math.round(mib * 1024 * 1024), 1);
    const image = `data:image/png;base64,${bytes.toString('base64')}`;
    const before = await counts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: renter.cookie },
      payload: { ...listing(), images: [image] },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/5MB/);
    expect(await counts()).toEqual(before);
  });
});
