/**
 * Identity (docs/decisions/021-professional-verification.md): one NPI is verified on at most one account at a time,
 * a second claim is a 409 that says how to reach support, and no check ever
 * ends in a 500 on the unique index; the state of an address is a USPS state
 * or territory code, whose time zone the space's days are counted in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { SUPPORT_EMAIL } from '../../src/shared/constants';
import { startFakeNpiRegistry, type FakeNpiRegistry } from '../helpers/fake-npi-registry';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let registry: FakeNpiRegistry;

beforeAll(async () => {
  registry = await startFakeNpiRegistry();
  t = await createTestApp({ NPI_REGISTRY_URL: registry.url });
});
afterAll(async () => {
  await t.close();
  await registry.close();
});
beforeEach(() => {
  registry.delayMs = 0;
  registry.status = 200;
});

const updateProfile = (id: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });
const retryVerification = (id: string, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/verify-license`, headers: { cookie } });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
/** The accounts on which `npi` is verified. */
const verifiedHolders = async (npi: string) =>
  (await t.db.select({ id: users.id, verified: users.verified }).from(users).where(eq(users.licenseNumber, npi))).filter(
    (row) => row.verified,
  );

/** Two signed-in accounts with the registry's name for `npi`, so the registry alone would verify either. */
async function twoClaimants(npi: string) {
  registry.records.set(npi, { firstName: 'Dana', lastName: 'Reyes' });
  const first = await signedInUser(t, { firstName: 'Dana', lastName: 'Reyes' });
  const second = await signedInUser(t, { firstName: 'Dana', lastName: 'Reyes' });
  return { first, second };
}

describe('one verified account per NPI', () => {
  it('refuses (409) a second account claiming an NPI verified on another, says how to reach support, and changes nothing', async () => {
    const { first, second } = await twoClaimants('1234567836');
    expect((await updateProfile(first.user.id, first.cookie, { licenseNumber: '1234567836' })).json().user).toMatchObject({
      verified: true,
    });

    const lookups = registry.lookups.length;
    const claim = await updateProfile(second.user.id, second.cookie, { licenseNumber: '123-456-7836', bio: 'It is mine' });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(
      `This NPI is already verified on another ClinicShare account. If it is yours, contact ${SUPPORT_EMAIL} to have it moved.`,
    );
    // The issue names the field, so the form shows the message under it.
    expect(claim.json().issues).toEqual([{ path: 'licenseNumber', message: claim.json().message }]);
    expect(registry.lookups.length).toBe(lookups);
    expect(await userRow(second.user.id)).toMatchObject({ licenseNumber: null, verified: false, licenseVerification: 'none', bio: null });
    expect(await verifiedHolders('1234567836')).toEqual([{ id: first.user.id, verified: true }]);

    // Once the first account gives the number up, the second can claim it.
    await updateProfile(first.user.id, first.cookie, { licenseNumber: '' });
    expect((await updateProfile(second.user.id, second.cookie, { licenseNumber: '1234567836' })).json().user).toMatchObject({
      verified: true,
    });
  });

  it('leaves a kept number that another account has verified since unverified (in_use), on a retry and on a save, never a 500', async () => {
    const { first, second } = await twoClaimants('1234567844');
    // The second account saves the number while the registry is down: pending.
    registry.status = 503;
    expect((await updateProfile(second.user.id, second.cookie, { licenseNumber: '1234567844' })).json().user).toMatchObject({
      licenseVerification: 'pending',
    });
    // Meanwhile the first account is verified with it.
    registry.status = 200;
    expect((await updateProfile(first.user.id, first.cookie, { licenseNumber: '1234567844' })).json().user).toMatchObject({
      verified: true,
    });

    const retry = await retryVerification(second.user.id, second.cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ licenseNumber: '1234567844', verified: false, licenseVerification: 'in_use' });
    // Saving the profile with the number it already has (as the form sends it) is no new claim: saved, still unverified.
    const save = await updateProfile(second.user.id, second.cookie, { licenseNumber: '1234567844', lastName: 'Reyes', bio: 'Still here' });
    expect(save.statusCode).toBe(200);
    expect(save.json().user).toMatchObject({ bio: 'Still here', verified: false, licenseVerification: 'in_use' });
    expect(await verifiedHolders('1234567844')).toEqual([{ id: first.user.id, verified: true }]);
  });

  it('verifies one of two accounts claiming one NPI at once: the other gets the 409, not a 500 or an email message', async () => {
    const { first, second } = await twoClaimants('1234567851');
    // A slow registry: both claims pass the first check before either is saved, so the unique index decides.
    registry.delayMs = 300;
    const answers = await Promise.all(
      [first, second].map(({ user, cookie }) => updateProfile(user.id, cookie, { licenseNumber: '1234567851' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toContain(SUPPORT_EMAIL);
    expect(await verifiedHolders('1234567851')).toHaveLength(1);
  });

  it('verifies one of two accounts retrying one NPI at once: the other is in_use, not a 500', async () => {
    const { first, second } = await twoClaimants('1234567869');
    registry.status = 503;
    for (const { user, cookie } of [first, second]) {
      expect((await updateProfile(user.id, cookie, { licenseNumber: '1234567869' })).json().user).toMatchObject({
        licenseVerification: 'pending',
      });
    }
    registry.status = 200;
    registry.delayMs = 300;
    const answers = await Promise.all([first, second].map(({ user, cookie }) => retryVerification(user.id, cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().licenseVerification).sort()).toEqual(['in_use', 'verified']);
    expect(await verifiedHolders('1234567869')).toHaveLength(1);
  });
});

describe('state codes', () => {
  const listing = {
    title: 'Sunny Exam Room',
    description: 'A bright exam room with a sink.',
    spaceType: 'Examination Room',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    amenities: ['Wi-Fi'],
    equipment: ['Examination Table'],
    pricePerDay: '120',
  };
  const create = (cookie: string, state: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: { ...listing, state } });

  it('lists a space with a USPS state or territory code, in any case, in its time zone', async () => {
    const { cookie } = await signedInUser(t);
    const texas = await create(cookie, 'TX');
    expect(texas.statusCode, texas.body).toBe(201);
    expect(texas.json()).toMatchObject({ state: 'TX', timeZone: 'America/Chicago' });
    expect((await create(cookie, ' tx ')).json()).toMatchObject({ state: 'TX', timeZone: 'America/Chicago' });
    expect((await create(cookie, 'gu')).json()).toMatchObject({ state: 'GU', timeZone: 'Pacific/Guam' });
    expect((await create(cookie, 'DC')).json()).toMatchObject({ state: 'DC', timeZone: 'America/New_York' });
  });

  it('refuses (400) a state that is not a code, on create, edit and the geocoding preview, changing nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    for (const state of ['XX', 'Texas', 'T', 'AA', '', 'constructor']) {
      const response = await create(cookie, state);
      expect(response.statusCode, JSON.stringify(state)).toBe(400);
      if (state) expect(response.json().message).toContain('Enter a US state code (e.g. TX).');
    }
    const before = (await t.app.inject({ method: 'GET', url: `/api/spaces?ownerId=${user.id}` })).json();
    expect(before).toEqual([]);

    const space = (await create(cookie, 'TX')).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie },
      payload: { ...listing, state: 'Texas' },
    });
    expect(edit.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).json()).toMatchObject({ state: 'TX' });

    const query = new URLSearchParams({ address: listing.address, city: listing.city, state: 'XX', zipCode: listing.zipCode });
    expect((await t.app.inject({ method: 'GET', url: `/api/geocode?${query}`, headers: { cookie } })).statusCode).toBe(400);
  });
});
