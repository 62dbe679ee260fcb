/** The imported calendars' sync schedule: jittered waits, back-off after failures, and a limit of reads per host. */
import { describe, expect, it } from 'vitest';
import { feedHost, MAX_BACKOFF_MINUTES, nextSyncAt, runPerHost } from '../../src/server/calendar-imports/sync-schedule';

const now = new Date();
const minutesAfter = (at: Date) => (at.getTime() - now.getTime()) / 60_000;

describe('nextSyncAt', () => {
  it('waits the sync interval, give or take a tenth', () => {
    expect(minutesAfter(nextSyncAt(now, 15, 0, () => 0))).toBeCloseTo(13.5);
    expect(minutesAfter(nextSyncAt(now, 15, 0, () => 0.5))).toBeCloseTo(15);
    expect(minutesAfter(nextSyncAt(now, 15, 0, () => 0.999))).toBeCloseTo(16.5, 1);
    const spread = new Set(Array.from({ length: 50 }, () => nextSyncAt(now, 15, 0).getTime()));
    expect(spread.size).toBeGreaterThan(40);
  });

  it('doubles the wait with each failure in a row, up to a day', () => {
    expect([1, 2, 3].map((failures) => minutesAfter(nextSyncAt(now, 15, failures, () => 0.5)))).toEqual([30, 60, 120]);
    expect(minutesAfter(nextSyncAt(now, 15, 50, () => 0.5))).toBe(MAX_BACKOFF_MINUTES);
  });
});

describe('feedHost', () => {
  it('names the host a feed is read from', () => {
    expect(feedHost('webcal://Calendar.Google.com/calendar/ical/x/basic.ics')).toBe('calendar.google.com');
    expect(feedHost('https://outlook.office365.com:443/owa/calendar.ics')).toBe('outlook.office365.com');
    expect(feedHost('not a url')).toBe('not a url');
  });
});

describe('runPerHost', () => {
  it('runs everything, never more than the limits at once, a failure not stopping the others', async () => {
    const items = [...Array.from({ length: 12 }, (_, i) => `a${i}`), ...Array.from({ length: 6 }, (_, i) => `b${i}`), 'c0'];
    const inFlight = new Map<string, number>();
    let most = 0;
    const mostPerHost = new Map<string, number>();
    const done: string[] = [];
    const run = async (item: string) => {
      const host = item[0]!;
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      const total = [...inFlight.values()].reduce((a, b) => a + b, 0);
      most = Math.max(most, total);
      mostPerHost.set(host, Math.max(mostPerHost.get(host) ?? 0, inFlight.get(host)!));
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight.set(host, inFlight.get(host)! - 1);
      done.push(item);
      if (item === 'a3') throw new Error('a3 failed');
    };
    await expect(runPerHost(items, (item) => item[0]!, run, { concurrency: 4, perHost: 2 })).rejects.toThrow('a3 failed');
    expect(done.sort()).toEqual([...items].sort());
    expect(most).toBe(4);
    expect(Object.fromEntries(mostPerHost)).toEqual({ a: 2, b: 2, c: 1 });
  });

  it('ends at once with nothing to run', async () => {
    await expect(
      runPerHost(
        [],
        () => 'x',
        async () => undefined,
        { concurrency: 2, perHost: 1 },
      ),
    ).resolves.toBeUndefined();
  });
});
