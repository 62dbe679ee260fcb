/**
 * Room features in a real browser: the demo owner states two in the listing wizard (by keyboard), a
 * signed-out renter finds the space on /search by ticking one of them (the URL carries
 * `features=`), loses it when ticking one it lacks, and sees the stated features with their labels on
 * the space page; a space with none shows no Room features section.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceDetail } from '../../src/shared/schemas/spaces';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, scrollToSpaceSections, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };
const SOUND = 'Sound privacy (private walls and door)';
const RECORDS = 'Lockable records storage';
let owner: BrowserSession;
let renter: BrowserSession;

beforeAll(async () => {
  owner = await openBrowser(baseUrl);
  const login = await owner.context.request.post('/api/login', { data: OWNER });
  expect(login.status()).toBe(200);
  await owner.context.addInitScript((user) => window.localStorage.setItem('clinicshare:user', user), await login.text());
  renter = await openBrowser(baseUrl);
});
afterAll(async () => {
  await owner?.close();
  await renter?.close();
});

describe('room features', () => {
  const stamp = Date.now().toString(36);
  const title = `Featured Consult Room ${stamp}`;
  let spaceId = '';

  it('are stated by the owner in the listing wizard', async () => {
    const { page } = owner;
    await page.goto('/list-space');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Space type').selectOption('Consultation Room');
    await page.getByLabel('Description').fill('A consult room with walls to the ceiling and a door that closes.');
    await next.click();
    await page.getByLabel('Street address').fill('200 Clarendon St');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption('MA');
    await page.getByLabel('ZIP code').fill('02116');
    await next.click();
    await page.getByRole('checkbox', { name: 'Wi-Fi' }).click();
    const features = page.getByRole('group', { name: 'Room features (optional)' });
    // By keyboard: focus and Space, as a person without a mouse would.
    for (const label of [SOUND, RECORDS]) {
      await features.getByRole('checkbox', { name: label }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => features.getByRole('checkbox', { name: label }).getAttribute('aria-checked')).toBe('true');
    }
    await expectNoSeriousA11yViolations(page, 'wizard room features');
    await next.click();
    await page.getByLabel('Price (USD)').fill('80');
    await page.getByRole('button', { name: 'List Your Space' }).click();
    await page.waitForURL(/\/spaces\/[0-9a-f-]{36}$/);
    spaceId = new URL(page.url()).pathname.split('/').pop()!;

    const saved = (await (await fetch(`${baseUrl}/api/spaces/${spaceId}`)).json()) as SpaceDetail;
    expect(saved.features).toEqual(['lockable_records_storage', 'sound_privacy']);
    expect(owner.errors).toEqual([]);
  });

  it('filter a renter’s search, and show on the space page with their labels', async () => {
    const { page } = renter;
    await page.goto(`/search?location=${encodeURIComponent(title)}`);
    const card = page.getByTestId('space-card').filter({ hasText: title });
    await card.waitFor();

    // Scoped to its group: "Autoclave" is also a piece of equipment.
    const features = page.getByRole('group', { name: 'Room features' });
    await features.getByRole('checkbox', { name: SOUND }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('features')).toBe('sound_privacy');
    await expect.poll(() => page.getByText('1 space found').isVisible()).toBe(true);
    expect(await card.count()).toBe(1);

    // A feature it lacks: the search needs every one ticked.
    await features.getByRole('checkbox', { name: 'Autoclave' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('features')).toBe('sound_privacy,autoclave');
    await page.getByText('No spaces found').waitFor();
    await features.getByRole('checkbox', { name: 'Autoclave' }).uncheck();
    await card.waitFor();

    // A shared link keeps the filter.
    await page.reload();
    expect(await features.getByRole('checkbox', { name: SOUND }).isChecked()).toBe(true);
    await card.click();
    await page.waitForURL(new RegExp(`/spaces/${spaceId}$`));
    await scrollToSpaceSections(page);
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Room features', level: 2 }) });
    await section.waitFor();
    expect((await section.getByRole('listitem').allTextContents()).map((text) => text.trim())).toEqual([RECORDS, SOUND]);
    expect(renter.errors).toEqual([]);
  });

  it('show nothing on the page of a space that states none', async () => {
    const plain = await listSpaceThroughApi(owner.page, { title: `Plain Exam Room ${stamp}` });
    const { page } = renter;
    await page.goto(`/spaces/${plain.id}`);
    await scrollToSpaceSections(page);
    await page.getByRole('heading', { name: 'Equipment', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Room features' }).count()).toBe(0);
  });
});
