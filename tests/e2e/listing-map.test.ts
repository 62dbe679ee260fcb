/**
 * Photos and maps in a real, offline browser: list a space through the wizard with
 * two photos, find it on /search and as a marker on /map, edit its price;
 * the maps draw and open popups with every tile request refused.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Space } from '../../src/shared/schemas/spaces';
import { expectNoSeriousA11yViolations, openBrowser, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

const photo = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The full record of the space titled `title`: found through search (result cards), then read by id. */
async function findSpace(title: string): Promise<Space> {
  const response = await fetch(`${baseUrl}/api/spaces?location=${encodeURIComponent(title)}`);
  const [card] = (await response.json()) as { id: string }[];
  if (!card) throw new Error(`No space titled ${title}`);
  return (await (await fetch(`${baseUrl}/api/spaces/${card.id}`)).json()) as Space;
}

describe('listing wizard, search and map', () => {
  const title = `Skylight Derm Room ${Date.now().toString(36)}`;

  it('lists a space with two photos through the four steps', async () => {
    const { page } = session;
    await page.goto('/list-space');
    await expect.poll(() => page.getByText('Please log in to list a space.').isVisible()).toBe(true);
    await page.goto('/');
    await signUp(page, { email: `owner-${Date.now()}@example.test`, firstName: 'Robin', lastName: 'Owner' });
    await page.goto('/list-space');

    const next = page.getByRole('button', { name: 'Next' });
    const missing = page.getByTestId('step-missing');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    // Next on an incomplete step stays on it and says what is missing, there and at each field.
    await page.getByLabel('Title').fill(title);
    await next.click();
    await expect.poll(() => missing.textContent()).toBe('Complete these to continue: Description, Space type.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('step-missing');
    expect(await page.getByLabel('Description').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('heading', { name: /Step 1 of 4/ }).isVisible()).toBe(true);
    await page.getByLabel('Space type').selectOption('Examination Room');
    await page.getByLabel('Description').fill('A bright room with a skylight, a procedure chair and a sink.');
    await page.getByLabel('Capacity (people)').fill('2');
    await next.click();

    // The draft survives a reload, on the step it was on.
    await page.getByLabel('Street address').fill('500 Boylston St');
    await page.reload();
    await expect.poll(() => page.getByLabel('Street address').inputValue()).toBe('500 Boylston St');
    expect(await page.getByLabel('Progress').getByLabel('completed').count()).toBe(1);
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption('MA');
    await next.click();
    await expect.poll(() => missing.textContent()).toBe('Complete these to continue: ZIP code.');
    await page.getByLabel('ZIP code').fill('02116');
    // The geocoded pin shows on the small map (tiles refused: the outline base and the marker still draw).
    await page
      .getByRole('region', { name: /Pin of the space/ })
      .locator('.leaflet-marker-icon')
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'wizard step 2');
    await next.click();

    // Equipment is optional and offered by the space type; all of it is a click away.
    await next.click();
    await expect.poll(() => missing.textContent()).toBe('Complete these to continue: Amenities (at least one).');
    await page.getByRole('checkbox', { name: 'Wi-Fi' }).click();
    expect(await page.getByRole('checkbox', { name: 'Examination Table' }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'MRI Machine' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show all equipment' }).click();
    expect(await page.getByRole('checkbox', { name: 'MRI Machine' }).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'Examination Table' }).click();
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'room.jpg', mimeType: 'image/jpeg', buffer: await photo('#0ea5e9') },
      { name: 'desk.jpg', mimeType: 'image/jpeg', buffer: await photo('#f59e0b') },
    ]);
    await expect.poll(() => page.getByTestId('photo').count(), { timeout: 15_000 }).toBe(2);
    await expectNoSeriousA11yViolations(page, 'wizard step 3');
    // A text file is refused before upload with the message in docs/product.md.
    await page.getByTestId('photo-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect.poll(() => toast(page, 'Please upload only image files').isVisible()).toBe(true);
    expect(await page.getByTestId('photo').count()).toBe(2);
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await next.click();

    const submit = page.getByRole('button', { name: 'List Your Space' });
    await submit.click();
    await expect.poll(() => missing.textContent()).toBe('Complete these to continue: Price.');
    await page.getByLabel('Price (USD)').fill('123.45');
    await page.getByLabel('How renters book').selectOption('request');
    await page.getByLabel('Cancellation refunds').selectOption('moderate');
    await submit.click();
    // The owner lands on the new listing.
    await page.waitForURL(/\/spaces\/[0-9a-f-]{36}$/);
    await expect.poll(() => toast(page, 'Space listed successfully!').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);

    const space = await findSpace(title);
    expect(page.url()).toBe(`${baseUrl}/spaces/${space.id}`);
    expect(space).toMatchObject({
      pricePerDay: '123.45',
      capacity: 2,
      city: 'Boston',
      amenities: ['Wi-Fi'],
      equipment: ['Examination Table'],
      instantBook: false,
      cancellationPolicyTier: 'moderate',
    });
    expect(space.images).toHaveLength(2);
    expect(space.images.every((url) => /^\/uploads\/spaces\/[0-9a-f-]+\.webp$/.test(url))).toBe(true);
    expect(Number(space.latitude)).toBeCloseTo(42.35, 1);
    expect(session.errors).toEqual([]);
  });

  it('shows the new space on /search (card thumbnail) and as a marker on /map with a popup, tiles unreachable', async () => {
    const { page } = session;
    const space = await findSpace(title);
    await page.goto(`/search?location=${encodeURIComponent(title)}`);
    const card = page.getByTestId('space-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe(space.images[0]!.replace('.webp', '-thumb.webp'));
    // The map beside the list shows it too.
    await page.getByRole('region', { name: 'Map of medical spaces' }).locator('.space-marker').first().waitFor();

    // 'Search this area': zoom the map beside the list in on Boston, then filter the list by its box.
    await page.goto('/search');
    const searchMap = page.getByRole('region', { name: 'Map of medical spaces' });
    await searchMap.locator('.space-cluster').first().waitFor();
    const allFound = Number((await page.getByText(/spaces? found/).textContent())?.match(/\d+/)?.[0]);
    await searchMap.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Search this area' }).click();
    await page.waitForURL(/bbox=/);
    await expect.poll(async () => Number((await page.getByText(/spaces? found/).textContent())?.match(/\d+/)?.[0])).toBeLessThan(allFound);

    const tilesBefore = session.tileRequests.length;
    await page.goto(`/map?location=${encodeURIComponent(title)}`);
    await expect.poll(() => page.getByText('1 medical spaces available').isVisible()).toBe(true);
    const map = page.getByRole('region', { name: 'Map of medical spaces' });
    const marker = map.locator('.space-marker');
    await marker.waitFor();
    expect(await marker.count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'map');
    expect(await map.locator('.leaflet-outline-pane path').count()).toBeGreaterThan(40); // the offline state outlines
    await marker.click();
    const popup = map.getByTestId('space-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(title);
    expect(await popup.textContent()).toContain('Boston, MA');
    expect(await popup.textContent()).toMatch(/\$123\.45\s*\/day/);
    expect(session.tileRequests.length).toBeGreaterThan(tilesBefore); // tiles were asked for, and refused

    // Zoomed out to the whole world, the clusters' counts and single markers add up to the total shown.
    await page.goto('/map');
    await page.locator('.space-cluster').first().waitFor();
    const total = Number((await page.getByText(/medical spaces available/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    const shown = async () => {
      const counts = await page.locator('.space-cluster span').allTextContents();
      return counts.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0) + (await page.locator('.space-marker').count());
    };
    await expect.poll(shown).toBe(total);
    expect(session.errors).toEqual([]);
  });

  it('edits the price and shows the change', async () => {
    const { page } = session;
    const space = await findSpace(title);
    await page.goto(`/spaces/${space.id}`);
    // The map loads as it nears the screen.
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    await page
      .getByRole('region', { name: /^Map: / })
      .locator('.leaflet-marker-icon')
      .waitFor();
    await page.getByRole('link', { name: 'Edit Space' }).click();
    await page.waitForURL(`**/edit-space/${space.id}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Price (USD)').fill('150');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/profile');
    await page.goto(`/spaces/${space.id}`);
    await expect
      .poll(() =>
        page
          .getByText(/^\$150(\.00)?$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect((await findSpace(title)).pricePerDay).toBe('150.00');
    expect(session.errors).toEqual([]);
  });
});
