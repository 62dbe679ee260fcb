/**
 * Editing a listing (owner only, the create schema), photo uploads
 * (limits, metadata stripping, storage), and the listing's image count.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';
import { multipartFile } from '../helpers/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const listing = {
  title: 'Corner Exam Room in the Loop',
  description: 'Two exam tables, a sink and a window onto the river.',
  spaceType: 'Examination Room',
  capacity: 3,
  address: '10 S LaSalle St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60603',
  amenities: ['Wi-Fi', 'Natural Light'],
  equipment: ['Examination Table'],
  pricePerDay: '175.50',
  pricePeriod: 'daily',
};

async function create(cookie: string, payload: object = listing) {
  const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; latitude: string | null; longitude: string | null; pricePerDay: string; images: string[] };
}

describe('PUT /api/spaces/:id', () => {
  it('lets only the owner edit, with the create schema, changing nothing otherwise', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const space = await create(owner.cookie);
    const edited = { ...listing, pricePerDay: '210', title: 'Corner Exam Room, renovated' };
    const put = (cookie: string | undefined, payload: object, id = space.id) =>
      t.app.inject({ method: 'PUT', url: `/api/spaces/${id}`, headers: cookie ? { cookie } : {}, payload });

    expect((await put(undefined, edited)).statusCode).toBe(401);
    expect((await put(stranger.cookie, edited)).statusCode).toBe(403);
    expect((await put(stranger.cookie, { ...edited, ownerId: stranger.user.id })).statusCode).toBe(403);
    expect((await put(owner.cookie, { ...edited, ownerId: stranger.user.id })).statusCode).toBe(403);
    expect((await put(owner.cookie, { ...edited, pricePerDay: '-1' })).statusCode).toBe(400);
    expect((await put(owner.cookie, { ...edited, capacity: 0 })).statusCode).toBe(400);
    expect((await put(owner.cookie, edited, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const unchanged = (await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).json();
    expect(unchanged).toMatchObject({ title: listing.title, pricePerDay: '175.50' });

    const ok = await put(owner.cookie, edited);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: space.id, title: 'Corner Exam Room, renovated', pricePerDay: '210.00', ownerId: owner.user.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).json().pricePerDay).toBe('210.00');
  });

  it("keeps the coordinates while the address stays, takes the owner's pin, and geocodes a new address", async () => {
    const owner = await signedInUser(t);
    const space = await create(owner.cookie);
    expect(Number(space.latitude)).toBeCloseTo(41.88, 1); // ZIP 60603
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie }, payload });

    const pinned = (await put({ ...listing, latitude: 41.8801234, longitude: -87.6301234 })).json();
    expect(pinned).toMatchObject({ latitude: '41.8801234', longitude: '-87.6301234' });
    const same = (await put({ ...listing, title: 'Same place' })).json();
    expect(same).toMatchObject({ latitude: '41.8801234', longitude: '-87.6301234' });
    const moved = (await put({ ...listing, address: '1 Main St', city: 'Boston', state: 'MA', zipCode: '02108' })).json();
    expect(Number(moved.latitude)).toBeCloseTo(42.36, 1);
    expect(Number(moved.longitude)).toBeCloseTo(-71.06, 1);
  });

  it('does not edit an archived space', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id, { active: false });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie: owner.cookie },
      payload: listing,
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an 11th image on create and on edit (400), and keeps 10', async () => {
    const owner = await signedInUser(t);
    const ten = Array.from({ length: 10 }, () => '/images/spaces/dental-suite-1.svg');
    const space = await create(owner.cookie, { ...listing, images: ten });
    expect(space.images).toHaveLength(10);
    const eleven = [...ten, '/images/spaces/dental-suite-1.svg'];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: owner.cookie },
      payload: { ...listing, images: eleven },
    });
    expect(created.statusCode).toBe(400);
    expect(created.body).toContain('maximum of 10 images');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie: owner.cookie },
      payload: { ...listing, images: eleven },
    });
    expect(edited.statusCode).toBe(400);
  });
});

describe('POST /api/uploads', () => {
  const upload = (cookie: string | undefined, body: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });

  it('stores a display WebP and a thumbnail WebP without metadata, served with long-lived cache headers', async () => {
    const { cookie } = await signedInUser(t);
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0ea5e9' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'owner-secret' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 21/1 0/1' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(cookie, multipartFile(jpeg, 'office.jpg', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(201);
    const { url, thumbnailUrl } = response.json() as { url: string; thumbnailUrl: string };
    expect(url).toMatch(/^\/uploads\/spaces\/[0-9a-f-]+\.webp$/);
    expect(thumbnailUrl).toBe(url.replace('.webp', '-thumb.webp'));
    for (const [file, width] of [
      [url, 1600],
      [thumbnailUrl, 480],
    ] as const) {
      const onDisk = path.join(t.config.dataDir, file.replace('/uploads/', 'uploads/'));
      expect(existsSync(onDisk)).toBe(true);
      const meta = await sharp(onDisk).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      const served = await t.app.inject({ method: 'GET', url: file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
    }
    // A listing stores the URL; inline data-URL images go through the same pipeline and get a thumbnail too.
    const space = await create(cookie, { ...listing, images: [url, `data:image/jpeg;base64,${jpeg.toString('base64')}`] });
    expect(space.images[0]).toBe(url);
    const inline = space.images[1]!;
    expect(existsSync(path.join(t.config.dataDir, inline.replace('/uploads/', 'uploads/').replace('.webp', '-thumb.webp')))).toBe(true);
  });

  it('answers 401 without a session before reading the body', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(undefined, multipartFile(png, 'a.png', 'image/png'));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a 6 MB file (413), a text file named .png (415), a 100-megapixel image (413) and a non-multipart body (415)', async () => {
    const { cookie } = await signedInUser(t);
    const sixMb = await upload(cookie, multipartFile(Buffer.alloc(6 * 1024 * 1024, 7), 'huge.jpg', 'image/jpeg'));
    expect(sixMb.statusCode).toBe(413);
    expect(sixMb.json().message).toMatch(/5MB/);

    const text = await upload(cookie, multipartFile(Buffer.from('just some words, not pixels'), 'photo.png', 'image/png'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/image files/);

    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024); // small on disk, 100 megapixels decoded
    const pixels = await upload(cookie, multipartFile(bomb, 'bomb.png', 'image/png'));
    expect(pixels.statusCode).toBe(413);
    expect(pixels.json().message).toMatch(/megapixels/);

    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
