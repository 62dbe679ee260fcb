/**
 * Imported calendars in a real browser (docs/decisions/038-calendar-import.md): the demo owner
 * opens a listing of theirs at its availability step, sees that no calendar is imported yet, adds a
 * calendar served by a local iCalendar server (one busy morning a few days from now), syncs it and
 * sees one event imported and when; a second address answering a web page instead shows its error
 * in words, and is removed after a confirmation; the space's own export address is shown once and
 * answers a calendar without the imported busy time. On the owner calendar page the same space's
 * calendars are listed, and a sixth calendar is refused with the server's own words.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Space } from '../../src/shared/schemas/spaces';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };
let session: BrowserSession;
let feeds: http.Server;
let feedBase = '';

/** `20261201T090000Z` of the UTC instant `days` days after today at `hour`:00. */
function icsTime(days: number, hour: number): string {
  const now = new Date();
  const time = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));
  return time
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** One busy morning four days from now, as a practice calendar publishes it. */
function busyCalendar(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClinicShare browser test//EN',
    'BEGIN:VEVENT',
    'UID:busy-morning@browser.test',
    `DTSTAMP:${icsTime(0, 0)}`,
    `DTSTART:${icsTime(4, 14)}`,
    `DTEND:${icsTime(4, 17)}`,
    'SUMMARY:Hygienist (private)',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  feeds = http.createServer((request, response) => {
    if (request.url?.startsWith('/practice.ics')) {
      response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(busyCalendar());
    } else if (request.url?.startsWith('/sign-in')) {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Sign in</title><p>Sign in to see this calendar');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;

  session = await openBrowser(baseUrl);
  const login = await session.context.request.post('/api/login', { data: OWNER });
  expect(login.status()).toBe(200);
  // The app shows the stored user at once and checks it with GET /api/me.
  await session.context.addInitScript((user) => window.localStorage.setItem('clinicshare:user', user), await login.text());
});
afterAll(async () => {
  await session?.close();
  feeds?.closeAllConnections();
  await new Promise((resolve) => feeds?.close(resolve));
});

/** The Calendars section of the page. */
const section = (page: Page) => page.getByTestId('calendar-imports');
/** The imported calendar named `name` in `list`. */
const feedItem = (list: Locator, name: string) => list.getByRole('listitem', { name });

/** Fills and sends the section's "Add a calendar" form. */
async function addCalendar(calendars: Locator, name: string, url: string): Promise<void> {
  await calendars.getByLabel('Name').fill(name);
  await calendars.getByLabel('Calendar address').fill(url);
  await calendars.getByRole('button', { name: 'Add calendar' }).click();
}

describe('imported calendars', () => {
  let space: Space;

  it('adds a calendar at the availability step, syncs it, shows a feed’s error in words and removes it', async () => {
    const { page } = session;
    space = await listSpaceThroughApi(page, { title: `Calendar Sync Room ${Date.now().toString(36)}` });
    await page.goto(`/edit-space/${space.id}`);
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Step 4 of 4: Pricing & Policies' }).waitFor();

    const calendars = section(page);
    await calendars.getByRole('heading', { name: 'Calendars' }).waitFor();
    await calendars.getByText('No calendars imported yet').waitFor();
    await expectNoSeriousA11yViolations(page, 'calendars, none imported');

    // Checked in the form before it is sent.
    await addCalendar(calendars, 'Practice calendar', 'ftp://calendar.example.com/basic.ics');
    await calendars.getByText('Use the calendar’s address starting with https:// or webcal://').waitFor();

    await addCalendar(calendars, 'Practice calendar', `${feedBase}/practice.ics?token=secret-token`);
    const list = calendars.getByRole('list', { name: 'Imported calendars' });
    const practice = feedItem(list, 'Practice calendar');
    await practice.waitFor();
    // The address shortened: the host and the file, never its query (where a token may be).
    await practice.getByText(`${new URL(feedBase).host}/practice.ics`, { exact: true }).waitFor();
    expect(await calendars.textContent()).not.toContain('secret-token');

    await practice.getByRole('button', { name: 'Sync now' }).click();
    await practice.getByText('Last synced just now · 1 event imported').waitFor();
    expect(await practice.getByTestId('calendar-import-error').count()).toBe(0);
    expect(await calendars.getByRole('status').filter({ hasText: '“Practice calendar” synced: 1 event imported.' }).count()).toBe(1);

    // An address that answers a web page: its error in words.
    await addCalendar(calendars, 'Front desk', `${feedBase}/sign-in`);
    const frontDesk = feedItem(list, 'Front desk');
    await frontDesk.getByRole('button', { name: 'Sync now' }).click();
    await frontDesk
      .getByTestId('calendar-import-error')
      .getByText('The address did not answer with a calendar', { exact: false })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'calendars, one failing');

    // Removed after a confirmation; keeping it first changes nothing.
    await frontDesk.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Remove “Front desk”?' }).waitFor();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await frontDesk.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove calendar' }).click();
    await frontDesk.waitFor({ state: 'detached' });
    await practice.waitFor();

    const stored = await page.request.get(`/api/spaces/${space.id}/calendar-imports`);
    expect(((await stored.json()) as { name: string; eventsImported: number }[]).map((f) => [f.name, f.eventsImported])).toEqual([
      ['Practice calendar', 1],
    ]);

    // The space's own feed, for other sites to import: its address shown once, and it answers a calendar
    // that leaves out the busy time imported above.
    const exported = calendars.getByTestId('space-calendar-feed');
    await exported.getByRole('heading', { name: 'Export this space’s calendar' }).waitFor();
    await exported.getByRole('button', { name: 'Get the export address' }).click();
    const address = exported.getByLabel('Feed address');
    await address.waitFor();
    const exportUrl = await address.inputValue();
    expect(exportUrl).toMatch(/\/calendar\/spaces\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(new URL(exportUrl).pathname);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).not.toContain(icsTime(4, 14));
    await expectNoSeriousA11yViolations(page, 'calendars, export address');
    expect(session.errors).toEqual([]);
  });

  it('lists the space’s calendars on the owner calendar page, on a phone too, and shows the server’s refusal of a sixth', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByLabel('Space', { exact: true }).selectOption({ label: space.title });
    const calendars = section(page);
    const list = calendars.getByRole('list', { name: 'Imported calendars' });
    await feedItem(list, 'Practice calendar').getByText('1 event imported', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Four calendars in all, then a fifth from elsewhere while this page still offers to add one.
    for (const name of ['Second', 'Third', 'Fourth']) {
      const added = await page.request.post(`/api/spaces/${space.id}/calendar-imports`, {
        data: { name, url: `${feedBase}/practice.ics` },
      });
      expect(added.status()).toBe(201);
    }
    await page.reload();
    await page.getByLabel('Space', { exact: true }).selectOption({ label: space.title });
    await feedItem(list, 'Fourth').waitFor();
    const fifth = await page.request.post(`/api/spaces/${space.id}/calendar-imports`, {
      data: { name: 'Fifth', url: `${feedBase}/practice.ics` },
    });
    expect(fifth.status()).toBe(201);
    await addCalendar(calendars, 'Sixth', `${feedBase}/practice.ics`);
    await calendars
      .getByRole('alert')
      .filter({ hasText: 'A listing can import at most 5 calendars: remove one before adding another.' })
      .waitFor();
    // The refused request is the browser's one logged error.
    expect(session.errors.filter((message) => !message.includes('status of 409'))).toEqual([]);
  });
});
