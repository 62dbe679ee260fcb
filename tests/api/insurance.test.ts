/**
 * Certificates of insurance and licence states
 * (docs/decisions/030-insurance-certificates-and-licence-states.md): upload and bad input (nothing
 * saved), who may read a certificate (the renter, the owner of a space the renter holds, has
 * requested or has booked; nobody else), "Require proof of insurance" blocking and then allowing a
 * hold (single and series), the expiry notices (30 and 7 days before, once each), and the licence
 * states the owner's lists carry. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '../../src/shared/availability';
import { certificateStorageFullMessage, MAX_CERTIFICATE_BYTES } from '../../src/shared/insurance';
import { insuranceCertificates, notifications, uploadedImages } from '../../src/server/db/schema';
import { sendCertificateExpiryNotices } from '../../src/server/insurance/expiry-notices';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { createIntent } from '../helpers/booking-flow';
import { futureDate, futureWeekday, midnightIn } from '../helpers/dates';
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

const BOSTON = 'America/New_York';
/** A small but real PDF's bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; contentType: string };

/** A multipart/form-data body of text fields and files, as a browser's FormData sends it. */
function formData(parts: Part[]) {
  const boundary = `----clinicshare${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'file' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
          ),
          part.file,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const fields = (overrides: Record<string, string | undefined> = {}) =>
  Object.entries({ insurer: 'MedPro Mutual', policyNumber: 'MPL-2231-884', expiresOn: futureDate(200), ...overrides })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));

/** POSTs a certificate for `userId` as `cookie`. */
function upload(userId: string, cookie: string | undefined, file: Buffer | null = PDF, overrides: Record<string, string | undefined> = {}) {
  const body = formData([
    ...fields(overrides),
    ...(file ? [{ name: 'file', file, filename: 'certificate.pdf', contentType: 'application/pdf' }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/insurance-certificate`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const certificateUrl = (userId: string) => `/api/users/${userId}/insurance-certificate`;
const certificateRows = (userId: string) => t.db.select().from(insuranceCertificates).where(eq(insuranceCertificates.userId, userId));
/** Every file under a directory, relative paths. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

/** A renter with a certificate expiring `expiresOn` (default 200 days ahead). */
async function insuredRenter(expiresOn = futureDate(200)) {
  const renter = await signedInUser(t);
  const response = await upload(renter.user.id, renter.cookie, PDF, { expiresOn });
  expect(response.statusCode, response.body).toBe(201);
  return renter;
}

describe('uploading a certificate', () => {
  it('stores a PDF privately and answers its details; the holder reads them and the file back', async () => {
    const renter = await signedInUser(t);
    const none = await get(certificateUrl(renter.user.id), renter.cookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get(`${certificateUrl(renter.user.id)}/file`, renter.cookie)).statusCode).toBe(404);

    const expiresOn = futureDate(180);
    const response = await upload(renter.user.id, renter.cookie, PDF, { expiresOn });
    expect(response.statusCode, response.body).toBe(201);
    const certificate = response.json();
    expect(certificate).toMatchObject({
      userId: renter.user.id,
      insurer: 'MedPro Mutual',
      policyNumber: 'MPL-2231-884',
      expiresOn,
      contentType: 'application/pdf',
      byteSize: PDF.length,
      fileUrl: `/api/users/${renter.user.id}/insurance-certificate/file`,
    });

    const details = await get(certificateUrl(renter.user.id), renter.cookie);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual(certificate);
    expect(details.headers['cache-control']).toBe('private, no-store');

    const file = await get(certificate.fileUrl, renter.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);

    // Never under the public uploads: not in its directory, and no /uploads/ path serves it.
    const [row] = await certificateRows(renter.user.id);
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).not.toContain(path.basename(row!.storageKey));
    expect(existsSync(path.join(t.config.dataDir, 'private-files', row!.storageKey))).toBe(true);
    expect((await get(`/uploads/${row!.storageKey}`)).statusCode).toBe(404);
    expect((await get(`/uploads/../private-files/${row!.storageKey}`)).statusCode).toBe(404);
  });

  it('takes an image, told by its content; a newer certificate replaces the current one', async () => {
    const renter = await insuredRenter();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    // Named and declared as a PDF: the content says PNG.
    const response = await upload(renter.user.id, renter.cookie, png, { insurer: 'Coverys', expiresOn: futureDate(365) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ insurer: 'Coverys', contentType: 'image/png', byteSize: png.length });
    expect((await get(certificateUrl(renter.user.id), renter.cookie)).json()).toMatchObject({ insurer: 'Coverys' });
    const file = await get(`${certificateUrl(renter.user.id)}/file`, renter.cookie);
    expect(file.headers['content-type']).toBe('image/png');
    const rows = (await certificateRows(renter.user.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows).toHaveLength(2);
    // The replaced certificate stays as a record, but its file is gone: only the current one is ever served.
    expect(rows[0]!.fileDeletedAt).toBeInstanceOf(Date);
    expect(existsSync(path.join(t.config.dataDir, 'private-files', rows[0]!.storageKey))).toBe(false);
    expect(rows[1]!.fileDeletedAt).toBeNull();
    expect(existsSync(path.join(t.config.dataDir, 'private-files', rows[1]!.storageKey))).toBe(true);
  });

  it("counts certificate files in the holder's upload quota, without the one a new certificate replaces", async () => {
    const renter = await signedInUser(t);
    const privateFiles = path.join(t.config.dataDir, 'private-files');
    /** A PDF of `size` bytes (spaces after its end). */
    const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
    // The renter's images leave 1,000 bytes of their quota.
    await t.db
      .insert(uploadedImages)
      .values({ url: `/uploads/profiles/${randomUUID()}.webp`, ownerId: renter.user.id, bytes: t.config.uploadQuotaBytes - 1000 });
    expect((await upload(renter.user.id, renter.cookie, pdfOf(600))).statusCode).toBe(201);
    // 900 bytes fit in place of the 600 they replace.
    expect((await upload(renter.user.id, renter.cookie, pdfOf(900))).statusCode).toBe(201);
    const before = filesUnder(privateFiles).length;
    const refused = await upload(renter.user.id, renter.cookie, pdfOf(1001));
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().message).toBe(certificateStorageFullMessage(t.config.uploadQuotaBytes / (1024 * 1024)));
    // Nothing saved, and the current certificate and its file are as they were.
    expect(filesUnder(privateFiles)).toHaveLength(before);
    expect(await certificateRows(renter.user.id)).toHaveLength(2);
    expect((await get(certificateUrl(renter.user.id), renter.cookie)).json()).toMatchObject({ byteSize: 900 });
    expect((await get(`${certificateUrl(renter.user.id)}/file`, renter.cookie)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx and saves nothing', async () => {
    const renter = await signedInUser(t);
    const other = await signedInUser(t);
    const before = filesUnder(path.join(t.config.dataDir, 'private-files')).length;
    const cases: [Promise<Awaited<ReturnType<typeof upload>>>, number, RegExp][] = [
      // Not a PDF or image by its content, though named and declared one.
      [upload(renter.user.id, renter.cookie, Buffer.from('Just some text pretending to be a PDF.')), 415, /PDF or an image/],
      [upload(renter.user.id, renter.cookie, Buffer.from('%PDX-1.4 almost')), 415, /PDF or an image/],
      // Over 10 MB.
      [upload(renter.user.id, renter.cookie, Buffer.concat([PDF, Buffer.alloc(MAX_CERTIFICATE_BYTES)])), 413, /10 MB/],
      // Expired, malformed date, missing fields, no file.
      [upload(renter.user.id, renter.cookie, PDF, { expiresOn: shiftDate(futureDate(0), -2) }), 400, /in the past/],
      [upload(renter.user.id, renter.cookie, PDF, { expiresOn: '12/31/2030' }), 400, /YYYY-MM-DD/],
      [upload(renter.user.id, renter.cookie, PDF, { insurer: undefined }), 400, /Insurer is required/],
      [upload(renter.user.id, renter.cookie, PDF, { policyNumber: '  ' }), 400, /Policy number is required/],
      [upload(renter.user.id, renter.cookie, null), 400, /Choose the certificate file/],
      // Someone else's profile, or no session.
      [upload(other.user.id, renter.cookie), 403, /yourself/],
      [upload(renter.user.id, undefined), 401, /log in/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: certificateUrl(renter.user.id),
      headers: { cookie: renter.cookie },
      payload: { insurer: 'MedPro', policyNumber: 'X', expiresOn: futureDate(30) },
    });
    expect(json.statusCode).toBe(415);
    expect(await certificateRows(renter.user.id)).toHaveLength(0);
    expect(await certificateRows(other.user.id)).toHaveLength(0);
    expect(filesUnder(path.join(t.config.dataDir, 'private-files'))).toHaveLength(before);
  });
});

describe('who may read a certificate', () => {
  it('the renter and the owner of a space they hold, requested or booked; nobody else', async () => {
    const renter = await insuredRenter();
    const start = midnightIn(futureDate(20), BOSTON);
    const end = midnightIn(futureDate(21), BOSTON);
    /** An owner whose space has a booking from the renter in `status`. */
    const ownerWith = async (values: Partial<Parameters<typeof insertBooking>[1]>) => {
      const owner = await signedInUser(t, { userType: 'lister' });
      const space = await insertSpace(t.db, owner.user.id);
      await insertBooking(t.db, { spaceId: space.id, renterId: renter.user.id, startAt: start, endAt: end, ...values });
      return owner;
    };
    const allowed = {
      renter,
      holdOwner: await ownerWith({ status: 'awaiting_payment', holdExpiresAt: new Date(Date.now() + 10 * 60_000) }),
      pendingOwner: await ownerWith({ status: 'pending' }),
      confirmedOwner: await ownerWith({ status: 'confirmed' }),
    };
    const refused = {
      lapsedHoldOwner: await ownerWith({ status: 'awaiting_payment', holdExpiresAt: new Date(Date.now() - 60_000) }),
      cancelledOwner: await ownerWith({ status: 'cancelled' }),
      declinedOwner: await ownerWith({ status: 'declined' }),
      ownerWithout: await (async () => {
        const owner = await signedInUser(t, { userType: 'lister' });
        await insertSpace(t.db, owner.user.id);
        return owner;
      })(),
      otherUser: await signedInUser(t),
    };
    for (const [who, user] of Object.entries(allowed)) {
      const details = await get(certificateUrl(renter.user.id), user.cookie);
      expect(details.statusCode, `${who}: ${details.body}`).toBe(200);
      expect(details.json()).toMatchObject({ userId: renter.user.id, insurer: 'MedPro Mutual' });
      const file = await get(`${certificateUrl(renter.user.id)}/file`, user.cookie);
      expect(file.statusCode, who).toBe(200);
      expect(Buffer.compare(file.rawPayload, PDF), who).toBe(0);
    }
    for (const [who, user] of Object.entries(refused)) {
      for (const url of [certificateUrl(renter.user.id), `${certificateUrl(renter.user.id)}/file`]) {
        const response = await get(url, user.cookie);
        expect(response.statusCode, `${who} ${url}`).toBe(403);
        expect(response.body).not.toContain('MedPro');
      }
    }
    // Anonymous: 401 before anything is read; an unknown user: 403, as for any stranger.
    expect((await get(certificateUrl(renter.user.id))).statusCode).toBe(401);
    expect((await get(`${certificateUrl(renter.user.id)}/file`)).statusCode).toBe(401);
    expect((await get(certificateUrl('00000000-0000-4000-8000-000000000000'), refused.otherUser.cookie)).statusCode).toBe(403);
    // The owner of a pending request from a renter with no certificate: none (null), no file (404).
    const uninsured = await signedInUser(t);
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id);
    await insertBooking(t.db, { spaceId: space.id, renterId: uninsured.user.id, startAt: start, endAt: end, status: 'pending' });
    const none = await get(certificateUrl(uninsured.user.id), owner.cookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get(`${certificateUrl(uninsured.user.id)}/file`, owner.cookie)).statusCode).toBe(404);
  });

  it("shows the renter's certificate and licence on the owner's requests and bookings", async () => {
    registry.records.set('1234567893', { firstName: 'Maya', lastName: 'Patel', licenseStates: ['ny', 'MA', 'NY'] });
    const renter = await signedInUser(t, { firstName: 'Maya', lastName: 'Patel' });
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${renter.user.id}`,
      headers: { cookie: renter.cookie },
      payload: { licenseNumber: '1234567893' },
    });
    expect(verified.json().user).toMatchObject({ verified: true, licenseVerification: 'verified', licenseStates: ['MA', 'NY'] });
    expect((await get('/api/me', renter.cookie)).json().user ?? (await get('/api/me', renter.cookie)).json()).toMatchObject({
      licenseStates: ['MA', 'NY'],
    });
    await upload(renter.user.id, renter.cookie, PDF, { insurer: 'The Doctors Company' });

    const owner = await signedInUser(t, { userType: 'lister' });
    const texas = await insertSpace(t.db, owner.user.id, { state: 'TX', city: 'Austin', zipCode: '78701', instantBook: false });
    const start = midnightIn(futureDate(15), 'America/Chicago');
    await insertBooking(t.db, {
      spaceId: texas.id,
      renterId: renter.user.id,
      startAt: start,
      endAt: midnightIn(futureDate(16), 'America/Chicago'),
      status: 'pending',
    });
    const requests = await get(`/api/users/${owner.user.id}/booking-requests`, owner.cookie);
    expect(requests.statusCode, requests.body).toBe(200);
    const [request] = requests.json();
    expect(request.renter).toMatchObject({ firstName: 'Maya', verified: true, licenseStates: ['MA', 'NY'] });
    expect(request.space.state).toBe('TX');
    expect(request.renterInsurance).toMatchObject({
      insurer: 'The Doctors Company',
      fileUrl: `/api/users/${renter.user.id}/insurance-certificate/file`,
    });

    // A licence check that is not verified carries no states.
    registry.records.set('1234567893', { firstName: 'Someone', lastName: 'Else', licenseStates: ['TX'] });
    await t.db.delete((await import('../../src/server/db/schema')).npiRegistryCache);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${renter.user.id}`,
      headers: { cookie: renter.cookie },
      payload: { firstName: 'Mia' },
    });
    expect(renamed.json().user).toMatchObject({ verified: false, licenseVerification: 'name_mismatch', licenseStates: [] });
  });
});

describe('"Require proof of insurance"', () => {
  it('is a listing option, saved by POST and PUT and returned by GET', async () => {
    const owner = await signedInUser(t);
    const listing = {
      title: 'Insured Exam Room',
      description: 'An exam room whose owner asks for proof of malpractice insurance.',
      spaceType: 'Examination Room',
      address: '10 S LaSalle St',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60603',
      pricePerDay: '150.00',
      latitude: 41.88,
      longitude: -87.63,
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().requiresInsurance).toBe(false);
    const id = created.json().id as string;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/spaces/${id}`, headers: { cookie: owner.cookie }, payload });
    expect((await put({ ...listing, requiresInsurance: true })).json().requiresInsurance).toBe(true);
    expect((await get(`/api/spaces/${id}`)).json().requiresInsurance).toBe(true);
    // Left out of an edit: kept.
    expect((await put(listing)).json().requiresInsurance).toBe(true);
    expect((await put({ ...listing, requiresInsurance: 'yes' })).statusCode).toBe(400);
  });

  it('refuses a hold with 409 until the renter has a certificate valid through the last day, then allows it', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id, { requiresInsurance: true });
    const renter = await signedInUser(t);
    // Days 30 and 31: the last day booked is day 31 (the end date is exclusive).
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };

    const none = await createIntent(t, renter.cookie, space.id, dates);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().message).toBe(
      'This space requires proof of insurance. Upload your certificate of insurance on your profile, then book again.',
    );

    await upload(renter.user.id, renter.cookie, PDF, { expiresOn: futureDate(30) });
    const short = await createIntent(t, renter.cookie, space.id, dates);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().message).toContain(`valid through ${futureDate(31)}, and your certificate expires on ${futureDate(30)}`);

    await upload(renter.user.id, renter.cookie, PDF, { expiresOn: futureDate(31) });
    const held = await createIntent(t, renter.cookie, space.id, dates);
    expect(held.statusCode, held.body).toBe(200);

    // A listing without the option takes anyone's hold.
    const open = await insertSpace(t.db, owner.id);
    const uninsured = await signedInUser(t);
    expect((await createIntent(t, uninsured.cookie, open.id, dates)).statusCode).toBe(200);
  });

  it('refuses a weekly series whose last occurrence the certificate does not cover', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id, { requiresInsurance: true });
    const first = futureWeekday(2, 10);
    const dates = { startDate: first, endDate: shiftDate(first, 1) };
    const series = { recurrence: { weekdays: ['tue'], count: 4 } };
    const lastDay = shiftDate(first, 21);

    const renter = await insuredRenter(shiftDate(lastDay, -1));
    const refused = await createIntent(t, renter.cookie, space.id, dates, series);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain(`valid through ${lastDay}`);

    await upload(renter.user.id, renter.cookie, PDF, { expiresOn: lastDay });
    const held = await createIntent(t, renter.cookie, space.id, dates, series);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().occurrences).toHaveLength(4);
  });
});

describe('expiry notices', () => {
  const noticesOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'insurance_expiring')))
      .orderBy(notifications.createdAt);

  it('tells the holder 30 and 7 days before the expiry, in the app and by email, once each', async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const expiresOn = shiftDate(today, 40);
    const renter = await insuredRenter(expiresOn);
    const at = (daysBefore: number) => new Date(midnightIn(shiftDate(expiresOn, -daysBefore), 'UTC').getTime() + 12 * 3600_000);

    await sendCertificateExpiryNotices(t.db, at(31));
    expect(await noticesOf(renter.user.id)).toHaveLength(0);

    await sendCertificateExpiryNotices(t.db, at(30));
    await sendCertificateExpiryNotices(t.db, at(29));
    const [month] = await noticesOf(renter.user.id);
    expect(await noticesOf(renter.user.id)).toHaveLength(1);
    expect(month).toMatchObject({ inApp: true, link: '/profile', title: `Your certificate of insurance expires on ${expiresOn}` });
    expect(month!.body).toContain('30 days');

    await sendCertificateExpiryNotices(t.db, at(8));
    expect(await noticesOf(renter.user.id)).toHaveLength(1);
    await sendCertificateExpiryNotices(t.db, at(7));
    await sendCertificateExpiryNotices(t.db, at(3));
    const notices = await noticesOf(renter.user.id);
    expect(notices).toHaveLength(2);
    expect(notices[1]!.body).toContain('a week');
    // Each notice is emailed: its job is queued with it.
    const [jobs] = await t.handle.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job where name = 'send-notification-email' and data->>'notificationId' = any($1)`,
      [notices.map((notice) => notice.id)],
    );
    expect(jobs!.count).toBe(2);

    // After the expiry, nothing more.
    await sendCertificateExpiryNotices(t.db, at(-1));
    expect(await noticesOf(renter.user.id)).toHaveLength(2);
  });

  it('tells only about the current certificate, and only the 7-day notice when it is uploaded within a week of expiry', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const renewed = await insuredRenter(shiftDate(today, 20));
    await upload(renewed.user.id, renewed.cookie, PDF, { expiresOn: shiftDate(today, 400) });
    const late = await insuredRenter(shiftDate(today, 5));
    await sendCertificateExpiryNotices(t.db);
    await sendCertificateExpiryNotices(t.db);
    expect(await noticesOf(renewed.user.id)).toHaveLength(0);
    const notices = await noticesOf(late.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('a week');
  });
});
