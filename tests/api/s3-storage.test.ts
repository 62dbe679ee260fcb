/**
 * Images in an S3-compatible bucket (docs/decisions/006-maps-and-images.md), against a local fake
 * bucket: uploads land in the bucket as WebP (display and thumbnail), and
 * `/uploads/*` streams them back with the same long-lived cache headers.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { multipartFile } from '../helpers/multipart';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let s3: FakeS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({
    S3_BUCKET: 'listing-photos',
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('S3 storage', () => {
  it('stores uploads in the bucket and serves them through /uploads/', async () => {
    const { cookie } = await signedInUser(t);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const body = multipartFile(png, 'room.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { url, thumbnailUrl } = response.json() as { url: string; thumbnailUrl: string };
    const key = url.replace('/uploads/', '');
    const stored = s3.objects.get(`/listing-photos/${key}`);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toContain('immutable');
    expect((await sharp(stored!.body).metadata()).format).toBe('webp');
    expect(s3.objects.has(`/listing-photos/${thumbnailUrl.replace('/uploads/', '')}`)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.rawPayload, stored!.body)).toBe(0);

    expect((await t.app.inject({ method: 'GET', url: '/uploads/spaces/missing.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('keeps a certificate of insurance under private/, never served by /uploads/, only through its access check', async () => {
    const renter = await signedInUser(t);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const boundary = '----clinicshare-s3';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('insurer', 'MedPro') + field('policyNumber', 'P-1') + field('expiresOn', '2999-12-31')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${renter.user.id}/insurance-certificate`,
        headers: { cookie: renter.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    const certificateKeys = () => [...s3.objects.keys()].filter((key) => key.startsWith('/listing-photos/private/insurance/'));
    const before = certificateKeys();
    const response = await send();
    expect(response.statusCode, response.body).toBe(201);
    // A second upload replaces the first, whose object is deleted from the bucket.
    expect((await send()).statusCode).toBe(201);
    const keys = certificateKeys().filter((key) => !before.includes(key));
    expect(keys).toHaveLength(1);
    const stored = s3.objects.get(keys[0]!)!;
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.cacheControl).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: keys[0]!.replace('/listing-photos/', '/uploads/') })).statusCode).toBe(404);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/users/${renter.user.id}/insurance-certificate/file`,
      headers: { cookie: renter.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
  });
});
