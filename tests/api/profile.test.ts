/**
 * Profiles, favourites and professional verification (docs/product.md#data, #behaviour, #validation
 * and #api-calls; decisions 009, 006 and 021 in docs/decisions/), against a local fake NPI
 * registry.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, insertBooking, insertSpace, insertUser } from '../factories/db';
import { favorites, users } from '../../src/server/db/schema';
import { NPI_TIMEOUT_MS } from '../../src/server/verification/npi-registry';
import { startFakeNpiRegistry, type FakeNpiRegistry } from '../helpers/fake-npi-registry';
import { multipartFile } from '../helpers/multipart';
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
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/users/:id', () => {
  it('updates the own profile and returns the user, with the phone stored as E.164', async () => {
    const { user, cookie } = await signedInUser(t, { firstName: 'Maya', lastName: 'Patel' });
    const response = await updateProfile(user.id, cookie, {
      firstName: 'Maya',
      lastName: 'Patel-Shah',
      phone: '(617) 555-0123',
      specialty: 'Dentistry',
      bio: 'General dentist in Boston.',
      userType: 'renter',
      coverColor: '#10b981',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      lastName: 'Patel-Shah',
      phone: '+16175550123',
      userType: 'renter',
      coverColor: '#10b981',
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password|argon/i);
  });

  it("refuses another user's profile (403) and a signed-out caller (401), changing nothing", async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t, { firstName: 'Other' });
    expect((await updateProfile(other.user.id, me.cookie, { firstName: 'Hacked' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${other.user.id}`, payload: { firstName: 'Hacked' } })).statusCode).toBe(
      401,
    );
    expect((await userRow(other.user.id)).firstName).toBe('Other');
  });

  it('keeps emails unique (409) and checks formats (400)', async () => {
    const taken = await insertUser(t.db, { email: 'taken@example.test' });
    const { user, cookie } = await signedInUser(t);
    const duplicate = await updateProfile(user.id, cookie, { email: 'TAKEN@example.test', currentPassword: FACTORY_PASSWORD });
    expect(duplicate.statusCode).toBe(409);
    expect((await userRow(user.id)).email).not.toBe(taken.email);
    for (const bad of [
      { phone: '12' },
      { phone: 'call me' },
      { userType: 'admin' },
      { coverColor: 'red;background:url(x)' },
      { email: 'nope' },
      { profileImage: 'https://evil.example/x.png' },
    ]) {
      expect((await updateProfile(user.id, cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('never lets the client set verified, the payment fields or the id', async () => {
    const { user, cookie } = await signedInUser(t);
    const response = await updateProfile(user.id, cookie, {
      verified: true,
      id: '00000000-0000-4000-8000-000000000000',
      stripeConnectAccountId: 'acct_evil',
      stripeOnboardingCompleted: true,
      bio: 'Hello',
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({
      id: user.id,
      verified: false,
      stripeConnectAccountId: null,
      stripeOnboardingCompleted: false,
      bio: 'Hello',
    });
  });

  it('stores profile and cover images through the image pipeline, without metadata, never inline', async () => {
    const { user, cookie } = await signedInUser(t);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-gps-owner' } })
      .toBuffer();
    const dataUrl = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    const response = await updateProfile(user.id, cookie, { profileImage: dataUrl, coverImage: dataUrl });
    expect(response.statusCode).toBe(200);
    const { profileImage, coverImage } = response.json().user;
    expect(profileImage).toMatch(/^\/uploads\/profiles\/[\w-]+\.webp$/);
    expect(coverImage).toMatch(/^\/uploads\/profiles\/[\w-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: profileImage });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect((await userRow(user.id)).profileImage).not.toMatch(/^data:/);

    const tooBig = `data:image/png;base64,${Buffer.alloc(6 * 1024 * 1024, 1).toString('base64')}`;
    expect((await updateProfile(user.id, cookie, { profileImage: tooBig })).statusCode).toBe(413);
    expect(
      (await updateProfile(user.id, cookie, { coverImage: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` }))
        .statusCode,
    ).toBe(415);
    const removed = await updateProfile(user.id, cookie, { coverImage: null });
    expect(removed.json().user.coverImage).toBeNull();
  });

  it('takes a picture uploaded for the profile (POST /api/uploads?purpose=profile) and refuses an unknown purpose', async () => {
    const { user, cookie } = await signedInUser(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const upload = (query: string) => {
      const body = multipartFile(png, 'me.png', 'image/png');
      return t.app.inject({ method: 'POST', url: `/api/uploads${query}`, headers: { ...body.headers, cookie }, payload: body.payload });
    };
    const uploaded = await upload('?purpose=profile');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/profiles\/[\w-]+\.webp$/);
    expect((await upload('?purpose=admin')).statusCode).toBe(400);

    const saved = await updateProfile(user.id, cookie, { profileImage: url, coverImage: url });
    expect(saved.json().user).toMatchObject({ profileImage: url, coverImage: url });
    expect((await userRow(user.id)).profileImage).toBe(url);
  });
});

describe('professional verification against the NPI registry', () => {
  it('verifies an active NPI whose registry name matches the profile', async () => {
    registry.records.set('1234567893', { firstName: 'Maya', lastName: 'Patel' });
    const { user, cookie } = await signedInUser(t, { firstName: 'Maya', lastName: 'Patel' });
    const response = await updateProfile(user.id, cookie, { licenseNumber: '123-456-7893' });
    expect(response.json().user).toMatchObject({ licenseNumber: '1234567893', verified: true, licenseVerification: 'verified' });
  });

  it('does not verify a name mismatch, an unknown or deactivated number, or an organisation', async () => {
    registry.records.set('1003000126', { firstName: 'Ardalan', lastName: 'Enkeshafi' });
    registry.records.set('1588667638', { firstName: 'Maya', lastName: 'Patel', status: 'D' });
    registry.records.set('1245319599', { firstName: 'Maya', lastName: 'Patel', enumerationType: 'NPI-2' });
    const { user, cookie } = await signedInUser(t, { firstName: 'Maya', lastName: 'Patel' });
    expect((await updateProfile(user.id, cookie, { licenseNumber: '1003000126' })).json().user).toMatchObject({
      verified: false,
      licenseVerification: 'name_mismatch',
    });
    expect((await updateProfile(user.id, cookie, { licenseNumber: '1588667638' })).json().user).toMatchObject({
      verified: false,
      licenseVerification: 'not_found',
    });
    expect((await updateProfile(user.id, cookie, { licenseNumber: '1245319599' })).json().user).toMatchObject({
      verified: false,
      licenseVerification: 'not_found',
    });
    // A name change that now matches verifies; one that no longer matches takes it away.
    expect(
      (await updateProfile(user.id, cookie, { licenseNumber: '1003000126', firstName: 'Ardalan', lastName: 'Enkeshafi' })).json().user,
    ).toMatchObject({ verified: true });
    expect((await updateProfile(user.id, cookie, { lastName: 'Someone' })).json().user).toMatchObject({
      verified: false,
      licenseVerification: 'name_mismatch',
    });
  });

  it('refuses an NPI with a wrong check digit (400) and does not ask the registry', async () => {
    const { user, cookie } = await signedInUser(t);
    const before = registry.lookups.length;
    const response = await updateProfile(user.id, cookie, { licenseNumber: '1234567890' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/check digit/);
    expect(registry.lookups.length).toBe(before);
  });

  it('saves the profile with verification pending when the registry does not answer, and verifies on retry', async () => {
    // A number of its own: one NPI is verified on one account at a time.
    registry.records.set('1234567802', { firstName: 'Sam', lastName: 'Lee' });
    registry.delayMs = NPI_TIMEOUT_MS + 2000;
    const { user, cookie } = await signedInUser(t, { firstName: 'Sam', lastName: 'Lee', email: `sam-${Date.now()}@example.test` });
    await t.db.delete((await import('../../src/server/db/schema')).npiRegistryCache);
    const started = Date.now();
    const response = await updateProfile(user.id, cookie, { licenseNumber: '1234567802', bio: 'Saved anyway' });
    expect(Date.now() - started).toBeLessThan(NPI_TIMEOUT_MS + 1500);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ bio: 'Saved anyway', verified: false, licenseVerification: 'pending' });

    registry.delayMs = 0;
    const retry = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/verify-license`, headers: { cookie } });
    expect(retry.json()).toMatchObject({ verified: true, licenseVerification: 'verified' });
  }, 20_000);

  it('leaves verification pending when the registry answers with an error', async () => {
    registry.status = 503;
    await t.db.delete((await import('../../src/server/db/schema')).npiRegistryCache);
    const { user, cookie } = await signedInUser(t, { firstName: 'Maya', lastName: 'Patel' });
    registry.records.set('1234567810', { firstName: 'Maya', lastName: 'Patel' });
    const response = await updateProfile(user.id, cookie, { licenseNumber: '1234567810' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ licenseNumber: '1234567810', verified: false, licenseVerification: 'pending' });
    // The next save asks again, now that the registry is back.
    registry.status = 200;
    expect((await updateProfile(user.id, cookie, { bio: 'Back again' })).json().user).toMatchObject({
      verified: true,
      licenseVerification: 'verified',
    });
  });

  it('caches registry answers', async () => {
    // Names that do not match: neither account is verified, so both ask (one NPI is verified on one account only).
    registry.records.set('1588667638', { firstName: 'Cache', lastName: 'Hit' });
    const a = await signedInUser(t, { firstName: 'Cache', lastName: 'Miss' });
    const b = await signedInUser(t, { firstName: 'Cache', lastName: 'Other' });
    await t.db.delete((await import('../../src/server/db/schema')).npiRegistryCache);
    const before = registry.lookups.filter((n) => n === '1588667638').length;
    await updateProfile(a.user.id, a.cookie, { licenseNumber: '1588667638' });
    await updateProfile(b.user.id, b.cookie, { licenseNumber: '1588667638' });
    expect(registry.lookups.filter((n) => n === '1588667638').length - before).toBe(1);
  });

  it('leaves a license number that is not an NPI unverified', async () => {
    const { user, cookie } = await signedInUser(t);
    const response = await updateProfile(user.id, cookie, { licenseNumber: 'MA-DEN-12345' });
    expect(response.json().user).toMatchObject({ licenseNumber: 'MA-DEN-12345', verified: false, licenseVerification: 'unsupported' });
  });
});

describe("another user's data", () => {
  it("refuses another user's booking requests, bookings, favourites and license check (403), revealing nothing", async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t, { firstName: 'Other', licenseNumber: '1234567893' });
    for (const [method, url] of [
      ['GET', `/api/users/${other.user.id}/booking-requests`],
      ['GET', `/api/users/${other.user.id}/bookings`],
      ['GET', `/api/users/${other.user.id}/favorites`],
      ['POST', `/api/users/${other.user.id}/verify-license`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie: me.cookie } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).not.toContain(other.user.email);
    }
    expect((await userRow(other.user.id)).licenseCheckedAt).toBeNull();
  });
});

describe('favourites', () => {
  it('adds and removes idempotently and lists own favourites as spaces, newest first', async () => {
    const owner = await insertUser(t.db);
    const [first, second] = [await insertSpace(t.db, owner.id, { title: 'First' }), await insertSpace(t.db, owner.id, { title: 'Second' })];
    const { user, cookie } = await signedInUser(t);
    const add = (spaceId: string) =>
      t.app.inject({ method: 'POST', url: '/api/favorites', headers: { cookie }, payload: { userId: user.id, spaceId } });
    expect((await add(first.id)).statusCode).toBe(201);
    expect((await add(first.id)).statusCode).toBe(200);
    expect((await add(second.id)).statusCode).toBe(201);
    expect(await t.db.$count(favorites, eq(favorites.userId, user.id))).toBe(2);

    const list = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/favorites`, headers: { cookie } });
    expect(list.json().map((s: { title: string }) => s.title)).toEqual(['Second', 'First']);

    const remove = () =>
      t.app.inject({ method: 'DELETE', url: '/api/favorites', headers: { cookie }, payload: { userId: user.id, spaceId: first.id } });
    expect((await remove()).json()).toEqual({ spaceId: first.id, favorite: false });
    expect((await remove()).statusCode).toBe(200);
    expect(await t.db.$count(favorites, eq(favorites.userId, user.id))).toBe(1);
  });

  it("refuses another user's favourites (403) and unknown spaces (404)", async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${other.user.id}/favorites`, headers: { cookie: me.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/favorites',
          headers: { cookie: me.cookie },
          payload: { userId: other.user.id, spaceId: space.id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/favorites', payload: { spaceId: space.id } })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/favorites',
          headers: { cookie: me.cookie },
          payload: { spaceId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.db.$count(favorites, eq(favorites.userId, other.user.id))).toBe(0);
  });

  it('leaves archived spaces out of the list', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id, { title: 'Soon archived' });
    const renter = await insertUser(t.db);
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      startAt: new Date(Date.now() - 10 * 86_400_000),
      endAt: new Date(Date.now() - 9 * 86_400_000),
    });
    const { user, cookie } = await signedInUser(t);
    await t.app.inject({ method: 'POST', url: '/api/favorites', headers: { cookie }, payload: { spaceId: space.id } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie } })).json()).toEqual({
      outcome: 'archived',
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/favorites`, headers: { cookie } });
    expect(list.json()).toEqual([]);
  });
});
