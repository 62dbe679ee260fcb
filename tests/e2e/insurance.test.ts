/**
 * Certificates of insurance in a real browser
 * (docs/decisions/030-insurance-certificates-and-licence-states.md): a listing that requires proof
 * of insurance says so on its page, with the licence-state warning, to a renter without a
 * certificate (and the booking dialog repeats the warning); the renter's profile refuses a file
 * that is not a PDF or image, takes a PDF with its details, and the space page then says the
 * certificate is valid.
 */
import { request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Space } from '../../src/shared/schemas/spaces';
import { futureDate } from '../helpers/dates';
import { expectNoSeriousA11yViolations, openBrowser, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** A small PDF, as a scanner or an insurer's portal gives one. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** An owner (signed up through the API) and their Texas listing that requires insurance. */
async function insuredListing(stamp: number): Promise<Space> {
  const owner = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  const registered = await owner.post('/api/register', {
    data: {
      firstName: 'Olivia',
      lastName: 'Okafor',
      email: `olivia.${stamp}@example.test`,
      password: 'a-strong-password-for-olivia',
      acceptedTerms: true,
      userType: 'lister',
    },
  });
  expect(registered.status()).toBe(201);
  const created = await owner.post('/api/spaces', {
    data: {
      title: `Insured Surgical Suite ${stamp}`,
      description: 'A surgical suite whose owner asks for proof of malpractice insurance.',
      spaceType: 'Surgical Suite',
      address: '600 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      pricePerDay: '200.00',
      pricePeriod: 'daily',
      latitude: 30.2686,
      longitude: -97.7428,
      requiresInsurance: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const space = (await created.json()) as Space;
  await owner.dispose();
  return space;
}

describe('a certificate of insurance', () => {
  it('is asked for on the space page, uploaded on the profile, and then shown as valid', async () => {
    const { page } = session;
    const stamp = Date.now();
    const space = await insuredListing(stamp);

    await page.goto('/');
    await signUp(page, { email: `casey.${stamp}@example.test`, firstName: 'Casey', lastName: 'Moreno' });

    // The space page says so up front, and warns of the licence (none verified, for Texas).
    await page.goto(`/spaces/${space.id}`);
    const requirement = page.getByTestId('insurance-requirement');
    await requirement.waitFor();
    expect(await requirement.textContent()).toContain('This space requires proof of insurance');
    await requirement.getByText('You have no valid certificate on file.').waitFor();
    const warning = page.getByTestId('licence-state-warning').first();
    expect(await warning.textContent()).toContain('No verified licence is on file for Texas');
    await expectNoSeriousA11yViolations(page, 'space page requiring insurance');
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('licence-state-warning').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Upload on the profile: a text file is refused by its content, a PDF is taken.
    await requirement.getByRole('link', { name: 'Upload it on your profile' }).click();
    await page.waitForURL('**/profile');
    const section = page.getByTestId('insurance-certificate');
    await section.getByText('No certificate uploaded yet.').waitFor();
    const file = section.getByLabel('Certificate file (PDF or image, up to 10 MB)');
    await file.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a PDF') });
    await section.getByLabel('Insurer').fill('MedPro Mutual');
    await section.getByLabel('Policy number').fill('MPL-2231-884');
    const expiresOn = futureDate(200);
    await section.getByLabel('Expiry date').fill(expiresOn);
    await section.getByRole('button', { name: 'Upload certificate' }).click();
    await section.getByText('Upload the certificate as a PDF or an image (PNG, JPEG or WebP).').waitFor();
    expect(await section.getByText('No certificate uploaded yet.').count()).toBe(1);

    await file.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await section.getByRole('button', { name: 'Upload certificate' }).click();
    await toast(page, 'Certificate uploaded').waitFor();
    const details = section.getByTestId('insurance-certificate-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('MedPro Mutual');
    expect(await details.textContent()).toContain('MPL-2231-884');
    const link = details.getByRole('link', { name: /View certificate/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/users\/[0-9a-f-]+\/insurance-certificate\/file$/);
    const served = await page.request.get(href!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.compare(await served.body(), PDF)).toBe(0);
    await expectNoSeriousA11yViolations(page, 'profile with a certificate of insurance');

    // The space page now says the certificate is valid.
    await page.goto(`/spaces/${space.id}`);
    await page
      .getByTestId('insurance-requirement')
      .getByText(/^Your certificate is valid through /)
      .waitFor();
    expect(await page.getByText('You have no valid certificate on file.').count()).toBe(0);
  });
});
