/**
 * Schedules in a real browser (docs/product.md#schedules): the demo owner lists a session space through the wizard with
 * Tuesday and Thursday hours 08:00-12:00 and 13:00-17:00 (set on Monday, copied to the weekdays
 * once, the other days removed), Morning and Afternoon sessions and a blocked date; overlapping
 * hours are refused at the field with the button disabled. The saved listing has exactly that
 * schedule, the space page shows it, and editing the listing loads it back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceDetail } from '../../src/shared/schemas/spaces';
import { futureDate } from '../helpers/dates';
import { expectNoSeriousA11yViolations, openBrowser, scrollToSpaceSections, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  const login = await session.context.request.post('/api/login', { data: OWNER });
  expect(login.status()).toBe(200);
  // The app shows the stored user at once and checks it with GET /api/me.
  await session.context.addInitScript((user) => window.localStorage.setItem('clinicshare:user', user), await login.text());
});
afterAll(async () => {
  await session?.close();
});

const time = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });

describe('the listing wizard’s schedule', () => {
  const title = `Tue-Thu Consult Room ${Date.now().toString(36)}`;
  const closedOn = futureDate(40);
  const halfDays = [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ];
  let spaceId = '';

  it('lists a session space open Tuesdays and Thursdays, with sessions and a blocked date', async () => {
    const { page } = session;
    await page.goto('/list-space');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Space type').selectOption('Consultation Room');
    await page.getByLabel('Description').fill('A quiet consult room, booked by the half day.');
    await next.click();
    await page.getByLabel('Street address').fill('200 Clarendon St');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption('MA');
    await page.getByLabel('ZIP code').fill('02116');
    await next.click();
    await page.getByRole('checkbox', { name: 'Wi-Fi' }).click();
    await page.getByRole('checkbox', { name: 'Examination Table' }).click();
    await next.click();

    const submit = page.getByRole('button', { name: 'List Your Space' });
    await page.getByLabel('Price (USD)').fill('95');
    await page.getByLabel('Pricing period').selectOption('session');
    // A session listing needs a session.
    await page.getByText('A listing priced per session needs at least one session').waitFor();
    await submit.click();
    await expect.poll(() => page.getByTestId('step-missing').textContent()).toBe('Complete these to continue: Opening hours or sessions.');

    await page.getByRole('checkbox', { name: 'Open every day, all day' }).click();
    await time(page, 'Monday opening 1 start').selectOption('08:00');
    await time(page, 'Monday opening 1 end').selectOption('12:00');
    await page.getByRole('button', { name: 'Add opening hours on Monday' }).click();
    await time(page, 'Monday opening 2 start').selectOption('13:00');
    await time(page, 'Monday opening 2 end').selectOption('17:00');
    await page.getByRole('button', { name: "Copy Monday's hours to weekdays" }).click();
    expect(await time(page, 'Friday opening 2 end').inputValue()).toBe('17:00');
    for (const day of ['Monday', 'Wednesday', 'Friday']) {
      await page.getByRole('button', { name: `Remove ${day} opening 1` }).click();
      await page.getByRole('button', { name: `Remove ${day} opening 1` }).click();
      await page.getByRole('group', { name: day }).getByText('Closed').waitFor();
    }

    await page.getByRole('button', { name: 'Morning 08:00–12:00' }).click();
    await page.getByRole('button', { name: 'Afternoon 13:00–17:00' }).click();

    // Bad input: overlapping hours are refused at the field.
    const tuesdayAfternoon = time(page, 'Tuesday opening 2 start');
    await tuesdayAfternoon.selectOption('11:00');
    const overlap = page.getByRole('group', { name: 'Tuesday' }).getByText('Opening hours must not overlap');
    await overlap.waitFor();
    expect(await tuesdayAfternoon.getAttribute('aria-invalid')).toBe('true');
    await tuesdayAfternoon.selectOption('13:00');
    await expect.poll(() => overlap.count()).toBe(0);

    // A blocked-dates row says nothing before input, and asks for a missing day in the picker's words.
    await page.getByRole('button', { name: 'Add blocked dates' }).click();
    expect(await page.getByLabel('Blocked dates 1 first day').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText(/YYYY|Choose the/).count()).toBe(0);
    await page.getByLabel('Blocked dates 1 last day').fill(closedOn);
    await submit.click();
    await page.getByText('Choose the first day').waitFor();
    expect(await page.getByTestId('step-missing').textContent()).toBe('Complete these to continue: Blocked dates.');
    await page.getByLabel('Blocked dates 1 first day').fill(closedOn);
    await page.getByLabel('Blocked dates 1 last day').fill(closedOn);
    await page.getByLabel('Blocked dates 1 note (private)').fill('Floor refinishing');
    await expectNoSeriousA11yViolations(page, 'wizard schedule');
    await expect.poll(() => page.getByText('Choose the first day').count()).toBe(0);
    await submit.click();
    await page.waitForURL(/\/spaces\/[0-9a-f-]{36}$/);

    const found = (await (await fetch(`${baseUrl}/api/spaces?location=${encodeURIComponent(title)}`)).json()) as { id: string }[];
    spaceId = found[0]!.id;
    // Read as the owner: the blocked date's note is theirs to see.
    const saved = (await (await session.context.request.get(`/api/spaces/${spaceId}`)).json()) as SpaceDetail;
    expect(saved.pricePeriod).toBe('session');
    expect(saved.schedule).toEqual({
      weeklyHours: { mon: [], tue: halfDays, wed: [], thu: halfDays, fri: [], sat: [], sun: [] },
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
      bufferMinutes: 0,
      minNoticeHours: 0,
      maxAdvanceDays: null,
    });
    expect(saved.blockedDates).toEqual([{ start: closedOn, end: closedOn, note: 'Floor refinishing' }]);
    expect(session.errors).toEqual([]);
  });

  it('shows the hours, sessions and closure on the space page, and loads them into the wizard to edit', async () => {
    const { page } = session;
    await page.goto(`/spaces/${spaceId}`);
    await scrollToSpaceSections(page);
    const hours = page.getByTestId('opening-hours');
    await hours.waitFor();
    expect(await hours.innerText()).toMatch(/Tue, Thu\s+08:00–12:00, 13:00–17:00/);
    expect(await hours.innerText()).toMatch(/Mon, Wed, Fri–Sun\s+Closed/);
    const sessions = await page.getByTestId('sessions').innerText();
    expect(sessions).toMatch(/Morning\s+08:00–12:00\s+\$95(\.00)?\/session/);
    expect(sessions).toMatch(/Afternoon\s+13:00–17:00/);
    expect(await page.getByTestId('closures').innerText()).toMatch(/^Closed \w{3} \d{1,2}/);

    await page.goto(`/edit-space/${spaceId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    expect(await time(page, 'Thursday opening 2 end').inputValue()).toBe('17:00');
    expect(await page.getByRole('group', { name: 'Monday' }).getByText('Closed').isVisible()).toBe(true);
    expect(await page.getByLabel('Session 2 name').inputValue()).toBe('Afternoon');
    expect(await page.getByLabel('Blocked dates 1 note (private)').inputValue()).toBe('Floor refinishing');
    expect(session.errors).toEqual([]);
  });
});
